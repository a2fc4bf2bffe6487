"""OpenSpiel's C++ ISMCTS on Hearts, one core, measured the way
`cargo run --release -p tabula-hearts --example ismcts_speed` measures
Tabula's: random rollouts, N simulations from the first trick's first real
decision (the seat after the 2C lead), over several deals.

    pip install open-spiel
    python3 crates/games/hearts/bench/openspiel_ismcts.py [SIMULATIONS] [DEALS]
"""

import random
import statistics
import sys
import time

import pyspiel


def first_decision(game, seed):
    """The state after the deal, the passes (first legal cards) and the 2C lead."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    plays = 0
    passing = None
    while True:
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
            continue
        if passing is None:
            passing = 0 if "Pass Direction: No Pass" in str(state) else 12
        legal = state.legal_actions()
        if passing > 0:
            passing -= 1
            state.apply_action(legal[0])
            continue
        if plays >= 1 and len(legal) > 1:
            return state
        state.apply_action(legal[0])
        plays += 1


def main():
    simulations = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    game = pyspiel.load_game("hearts")
    rates = []
    for deal in range(deals):
        state = first_decision(game, 100 + deal)
        evaluator = pyspiel.RandomRolloutEvaluator(1, deal)
        bot = pyspiel.ISMCTSBot(deal, evaluator, 0.7, simulations, -1,
                                pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False)
        start = time.perf_counter()
        bot.step(state)
        seconds = time.perf_counter() - start
        rates.append(simulations / seconds)
        print(f"deal {100 + deal}: {simulations} simulations in {seconds * 1e3:.1f} ms: {simulations / seconds:.0f} simulations/s")
    print(f"median: {statistics.median(rates):.0f} simulations/s over {deals} decisions")


if __name__ == "__main__":
    main()
