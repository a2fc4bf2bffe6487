//! The ISMCTS arena: nodes in one vector, each node's children in a list
//! kept sorted by key, so that a decision compares the legal actions with
//! the children in one merged pass (wide nodes cost what they hold, not its
//! square), and a new child is linked at the place that pass found.

/// No node (the end of a list).
pub(super) const NONE: u32 = u32::MAX;
/// The actor of a chance edge (no reward is kept for it).
pub(super) const CHANCE: u8 = u8::MAX;
/// The actor of a reveal node: what the move before it disclosed to the
/// tree's observer (see [`crate::Game::revealed`]).
pub(super) const REVEAL: u8 = u8::MAX - 1;

/// One edge of a tree and the node it leads to.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node<A> {
    /// The edge's key: the tree's observer's view of the action (a reveal
    /// node repeats its parent's key).
    pub key: A,
    /// A reveal node's digest (0 elsewhere).
    pub reveal: u64,
    /// The seat that acted on this edge, [`CHANCE`] or [`REVEAL`].
    pub actor: u8,
    pub first_child: u32,
    pub next_sibling: u32,
    pub visits: u32,
    /// How many times this child was available for selection.
    pub avail: u32,
    /// Virtual visits from a root priming (0 elsewhere).
    pub virtual_visits: f32,
    /// Reward sum for `actor` (with the priming's virtual reward).
    pub w: f64,
}

impl<A> Node<A> {
    pub(super) fn new(key: A, actor: u8) -> Self {
        Node {
            key,
            reveal: 0,
            actor,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            // Available when it was created.
            avail: 1,
            virtual_visits: 0.0,
            w: 0.0,
        }
    }
}

/// The nodes of every tree of a search.
#[derive(Debug)]
pub(super) struct Arena<A> {
    pub nodes: Vec<Node<A>>,
}

impl<A: Copy + Ord> Arena<A> {
    pub(super) fn new() -> Self {
        Arena { nodes: Vec::new() }
    }

    #[inline]
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    pub(super) fn get(&self, id: u32) -> &Node<A> {
        &self.nodes[id as usize]
    }

    #[inline]
    pub(super) fn get_mut(&mut self, id: u32) -> &mut Node<A> {
        &mut self.nodes[id as usize]
    }

    /// A node without parent (a root).
    pub(super) fn push_root(&mut self, key: A) -> u32 {
        let id = self.nodes.len() as u32;
        let mut node = Node::new(key, CHANCE);
        node.avail = 0;
        self.nodes.push(node);
        id
    }

    /// Links a new child after `after` (or first, for [`NONE`]): the caller
    /// found the place that keeps the list sorted.
    pub(super) fn insert_after(&mut self, parent: u32, after: u32, node: Node<A>) -> u32 {
        let id = self.nodes.len() as u32;
        let next = if after == NONE {
            std::mem::replace(&mut self.get_mut(parent).first_child, id)
        } else {
            std::mem::replace(&mut self.get_mut(after).next_sibling, id)
        };
        self.nodes.push(Node {
            next_sibling: next,
            ..node
        });
        id
    }

    /// The child of `parent` keyed `key`, created in order if missing.
    pub(super) fn child(&mut self, parent: u32, key: A, actor: u8) -> u32 {
        let (found, after) = self.find(parent, |n| n.key.cmp(&key));
        if found != NONE {
            return found;
        }
        self.insert_after(parent, after, Node::new(key, actor))
    }

    /// The reveal child of `parent` with digest `reveal`, created in order
    /// if missing.
    pub(super) fn reveal_child(&mut self, parent: u32, reveal: u64) -> u32 {
        let (found, after) = self.find(parent, |n| n.reveal.cmp(&reveal));
        if found != NONE {
            return found;
        }
        let key = self.get(parent).key;
        let node = Node {
            reveal,
            ..Node::new(key, REVEAL)
        };
        self.insert_after(parent, after, node)
    }

    /// Walks the sorted children of `parent`: the child `order` calls equal,
    /// or [`NONE`] and the last child before its place.
    fn find(&self, parent: u32, order: impl Fn(&Node<A>) -> std::cmp::Ordering) -> (u32, u32) {
        let mut prev = NONE;
        let mut c = self.get(parent).first_child;
        while c != NONE {
            match order(self.get(c)) {
                std::cmp::Ordering::Less => {
                    prev = c;
                    c = self.get(c).next_sibling;
                }
                std::cmp::Ordering::Equal => return (c, prev),
                std::cmp::Ordering::Greater => break,
            }
        }
        (NONE, prev)
    }
}
