//! The checks of a game's contract with the front ends: what
//! [`GameModule`] promises, over random games from several seeds.

use std::collections::BTreeSet;

use serde_json::Value;
use tabula_contract::{ActionOf, GameModule, PlayerSpec, StateOf};
use tabula_search::{Determinize, Game, Rng, Turn};

/// What was checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModuleReport {
    /// Games played (one per seed).
    pub games: usize,
    /// Decisions checked.
    pub decisions: usize,
    /// Players built and asked for an action.
    pub players: usize,
    /// States where the swap hook swapped unseen cards (and the seat saw
    /// nothing of it).
    pub swaps: usize,
}

/// Runs every check on `module`, playing one random game from each seed
/// (at most `max_plies` plies each):
///
/// - the option docs name exactly the fields of `Options`, and the options
///   the module reports rebuild it;
/// - every listed player's example is offered, builds, and picks a legal
///   action, and so does its no-search policy (each level's, for
///   `level:N`) where the game has one; the default player is listed;
/// - at every decision, each seat's observation passes the game's own
///   check (as JSON too, as an outside host sends it), says who acts, and
///   gives the rules' legal actions; every legal action reads back from
///   its text; the view is built; the end is the end for every seat;
/// - every state keeps the game's invariants
///   ([`check_state`](GameModule::check_state)), and so does every state
///   the swap hook makes ([`swap_unseen`](GameModule::swap_unseen)) for
///   each seat, whose observation it leaves as it was.
///
/// # Panics
/// With a message naming the broken promise, on the first one.
pub fn check_module<M: GameModule>(module: &M, seeds: &[u64], max_plies: usize) -> ModuleReport {
    let name = M::INFO.name;
    let mut report = ModuleReport::default();
    check_options(module);
    let names: BTreeSet<&str> = M::PLAYERS.iter().map(|p| p.name).collect();
    assert_eq!(names.len(), M::PLAYERS.len(), "{name}: two players share a name");
    let default: PlayerSpec = M::DEFAULT_PLAYER.parse().expect("the default player parses");
    assert!(
        names.contains(default.name()),
        "{name}: the default player is not listed"
    );
    let seats = module.game().num_seats();
    assert!(
        (M::INFO.min_seats..=M::INFO.max_seats).contains(&seats),
        "{name}: {seats} seats is outside the listed range"
    );
    for &seed in seeds {
        let mut state = module.start(seed);
        let mut rng = Rng::new(seed ^ 0xC0FF_EE00);
        let mut legal = Vec::new();
        let mut asked_players = false;
        for _ in 0..max_plies {
            let turn = module.game().to_move(&state);
            module
                .check_state(&state)
                .unwrap_or_else(|e| panic!("{name}: a state of a real game breaks its invariants: {e}"));
            for seat in 0..seats {
                let obs = module.game().observation(&state, seat);
                assert_eq!(module.turn(&obs), turn, "{name}: seat {seat} sees another turn");
                if turn != Turn::Terminal {
                    check_observation(module, &state, seat);
                    report.swaps += usize::from(check_swap(module, &state, seat));
                }
            }
            let action = match turn {
                Turn::Terminal => break,
                Turn::Chance => module.game().sample_chance(&state, &mut rng),
                Turn::Seat(seat) => {
                    report.decisions += 1;
                    module.game().legal_actions(&state, &mut legal);
                    if !asked_players && legal.len() > 1 {
                        report.players += ask_players(module, &state, seat);
                        asked_players = true;
                    }
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            module.game().apply(&mut state, action);
        }
        report.games += 1;
    }
    report
}

/// The option docs against the `Options` type, and the options round trip.
fn check_options<M: GameModule>(module: &M) {
    let name = M::INFO.name;
    let fields: BTreeSet<String> = match serde_json::to_value(M::Options::default()) {
        Ok(Value::Object(o)) => o.keys().cloned().collect(),
        other => panic!("{name}: options serialise as an object, not {other:?}"),
    };
    let documented: BTreeSet<String> = M::OPTIONS.iter().map(|o| o.name.to_string()).collect();
    assert_eq!(
        fields, documented,
        "{name}: the option docs and the Options fields differ"
    );
    assert_eq!(
        documented.len(),
        M::OPTIONS.len(),
        "{name}: an option is documented twice"
    );
    let options = module.options();
    let again = M::new(options.clone()).unwrap_or_else(|e| panic!("{name}: its own options are refused: {e}"));
    assert_eq!(
        serde_json::to_value(again.options()).unwrap(),
        serde_json::to_value(options).unwrap(),
        "{name}: options do not rebuild the same game"
    );
    M::new(M::Options::default()).unwrap_or_else(|e| panic!("{name}: the default options are refused: {e}"));
}

/// One seat's observation of a state where the game goes on.
fn check_observation<M: GameModule>(module: &M, state: &StateOf<M>, seat: usize) {
    let name = M::INFO.name;
    let game = module.game();
    let obs = game.observation(state, seat);
    module
        .check_observation(&obs, seat)
        .unwrap_or_else(|e| panic!("{name}: seat {seat}'s own observation fails the check: {e}"));
    let json = serde_json::to_value(&obs).expect("observations serialise");
    let back = serde_json::from_value(json).unwrap_or_else(|e| panic!("{name}: observation JSON does not read: {e}"));
    module
        .check_observation(&back, seat)
        .unwrap_or_else(|e| panic!("{name}: seat {seat}'s observation, read from JSON, fails the check: {e}"));
    let _ = module.view(&obs, seat);
    let _ = module.render(&obs, seat);
    let mut from_obs = Vec::new();
    game.legal_from_observation(&obs, seat, &mut from_obs);
    if game.to_move(state) == Turn::Seat(seat) {
        let mut legal = Vec::new();
        game.legal_actions(state, &mut legal);
        assert_eq!(
            from_obs, legal,
            "{name}: seat {seat}'s legal actions from its observation"
        );
        for &a in &legal {
            let text = module.action_text(a);
            let read: ActionOf<M> = module
                .parse_action(&obs, seat, &text)
                .unwrap_or_else(|e| panic!("{name}: the text {text:?} of a legal action does not read: {e}"));
            assert_eq!(read, a, "{name}: {text:?} reads as another action");
        }
    } else {
        assert!(
            from_obs.is_empty(),
            "{name}: seat {seat} has moves when it does not act"
        );
    }
}

/// The swap hook changes the truth and nothing `seat` sees, and the world
/// it makes is one the rules can reach: it keeps the state's invariants
/// (its hash too), so that the seat could not rule it out from what it
/// saw (the cards each seat played among them), and the seat's legal
/// actions there are those its observation gives. What the seat is sent
/// is byte for byte the same: its observation, the bot protocol's request
/// (the observation and the legal actions), its view and its text.
/// Returns whether the hook swapped.
fn check_swap<M: GameModule>(module: &M, state: &StateOf<M>, seat: usize) -> bool {
    let name = M::INFO.name;
    let mut swapped = state.clone();
    if !module.swap_unseen(&mut swapped, seat) {
        return false;
    }
    let game = module.game();
    assert_ne!(
        format!("{swapped:?}"),
        format!("{state:?}"),
        "{name}: the swap hook says it swapped but changed nothing"
    );
    assert_eq!(
        game.hash(&swapped),
        game.hash_from_scratch(&swapped),
        "{name}: the swapped world's hash is not its own"
    );
    if game.to_move(&swapped) == Turn::Seat(seat) {
        let (mut truth, mut seen) = (Vec::new(), Vec::new());
        game.legal_actions(&swapped, &mut truth);
        game.legal_from_observation(&game.observation(&swapped, seat), seat, &mut seen);
        assert_eq!(seen, truth, "{name}: seat {seat}'s legal actions in the swapped world");
    }
    let sent = |s: &StateOf<M>| {
        let o = game.observation(s, seat);
        let mut legal = Vec::new();
        game.legal_from_observation(&o, seat, &mut legal);
        [
            serde_json::to_string(&o).expect("observations serialise"),
            serde_json::to_string(&legal).expect("actions serialise"),
            serde_json::to_string(&module.view(&o, seat)).expect("views serialise"),
            module.render(&o, seat),
        ]
    };
    let (before, after) = (sent(state), sent(&swapped));
    for (what, (a, b)) in ["observation", "request's legal actions", "view", "text"]
        .iter()
        .zip(before.iter().zip(&after))
    {
        assert_eq!(b, a, "{name}: swapping cards seat {seat} cannot see changes its {what}");
    }
    module.check_state(&swapped).unwrap_or_else(|e| {
        panic!("{name}: swapping cards seat {seat} cannot see makes a world the rules cannot reach: {e}")
    });
    true
}

/// Every listed player picks a legal action for the seat to act.
fn ask_players<M: GameModule>(module: &M, state: &StateOf<M>, seat: usize) -> usize {
    let name = M::INFO.name;
    let obs = module.game().observation(state, seat);
    let mut legal = Vec::new();
    module.game().legal_actions(state, &mut legal);
    for p in M::PLAYERS {
        let spec: PlayerSpec = p
            .example
            .parse()
            .unwrap_or_else(|e| panic!("{name}: the example {:?} does not parse: {e}", p.example));
        assert_eq!(
            spec.name(),
            p.name,
            "{name}: the example of {} names another player",
            p.name
        );
        let mut player = module
            .agent(&spec, 7)
            .unwrap_or_else(|e| panic!("{name}: the listed player {} is refused: {e}", p.example));
        let r = player.choose(module.game(), &obs, seat);
        let a = r
            .action
            .unwrap_or_else(|| panic!("{name}: {} finds no action", p.example));
        assert!(legal.contains(&a), "{name}: {} picks the illegal {a:?}", p.example);
        // The no-search fallback of each level (or of the example) picks a
        // legal action too.
        let specs: Vec<PlayerSpec> = if p.form == "level:N" {
            (1..=4)
                .map(|n| format!("level:{n}").parse().expect("a level parses"))
                .collect()
        } else {
            vec![spec]
        };
        for spec in specs {
            if let Some(mut policy) = module.policy(&spec, 7) {
                let r = policy.choose(module.game(), &obs, seat);
                let a = r
                    .action
                    .unwrap_or_else(|| panic!("{name}: the policy of {spec} finds no action"));
                assert!(
                    legal.contains(&a),
                    "{name}: the policy of {spec} picks the illegal {a:?}"
                );
            }
        }
    }
    M::PLAYERS.len()
}
