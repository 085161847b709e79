//! The quick walk: proves an object clean, so the full walk (`check.rs`) runs only where there
//! is something to report. It applies the same checks in the same way (the value checks are
//! `openapi`'s own, given a sink that only counts), but keeps no paths and no errors. A node
//! fails at its first failure or at anything it leaves to the full walk: nulls, zero values a
//! property strips, unknown fields, composition over containers, embedded resources, objects
//! of more than 64 declared properties, and depth.
//!
//! Two ways to use it. [`clean_at`] stops at the first failure and says which way it lies (the
//! full walk follows it). [`survey`] sets a failing child aside whole, with its trail from the
//! root, and goes on with its siblings: the full walk then checks only the subtrees set aside,
//! in its own order, so an object with a few errors is walked once, and in full only where they
//! are. Failures never depend on a sibling's validity (a parent's checks read which children
//! are there, not what they hold), which is why a failing child can be set aside alone.
//!
//! What it proves: the full walk would find no error. It also says whether decoding reshapes
//! the object (a default to apply), as the full walk would. Debug builds run the full walk on
//! every object and compare.
//!
//! It walks its own compact form of the plan ([`Form`]): per node, one small header of what
//! the walk asks first, and one table per object node whose slots hold each property's name key
//! and child node, so finding a property and descending into it reads one slot. The plan's
//! nodes are read only for the checks a header flags. The same tables find properties for the
//! full walk ([`Plan::property_index`]).

use super::check::{compose, MAX_DEPTH};
use super::listtype;
use super::openapi;
use super::path::{Path, Step};
use super::plan::{Class, ListType, Node, NodeId, Plan, Required, Types, Unknown};
use super::sink::Errors;
use crate::value::{Kind, ValueView};
use serde_json::Value;

/// The plan's nodes in the quick walk's compact form, by the same ids.
#[derive(Debug, Default)]
pub(crate) struct Form {
    heads: Vec<Head>,
    /// Every object node's property table, one after another.
    slots: Vec<PropertySlot>,
    /// Per node, its defaulted properties (as [`Head::defaulted`] bits) whose defaults are
    /// proven clean, so that the walk need not prove them again for every object.
    clean_defaults: Vec<u64>,
}

/// Defaults are proven once only for objects shallower than this (a default nested deeper
/// than [`MAX_DEPTH`] allows is proven where it is applied).
const PROVEN_DEFAULTS_DEPTH: usize = MAX_DEPTH / 2;

/// Whether the default of property `i` of `node`, applied to an object at `depth`, is clean
/// (a failure in it is the object's to report).
fn default_is_clean(plan: &Plan, node: &Node, i: u32, depth: usize) -> bool {
    let p = &node.properties[i as usize];
    p.default.as_ref().is_some_and(|d| {
        Quick::<&Value>::new(plan)
            .proves(p.node, d, false, depth + 1)
            .is_ok()
    })
}

/// Marks in `plan`'s form the defaults that are clean wherever they are applied above
/// [`PROVEN_DEFAULTS_DEPTH`].
pub(crate) fn prove_defaults(plan: &mut Plan) {
    let proven: Vec<u64> = (0..plan.nodes.len())
        .map(|id| {
            let mut bits = plan.quick.heads[id].defaulted;
            let mut clean = 0;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                let shallow = |d: &Value| nesting(d) < MAX_DEPTH - PROVEN_DEFAULTS_DEPTH - 1;
                let p = &plan.nodes[id].properties[i as usize];
                if p.default.as_ref().is_some_and(shallow)
                    && default_is_clean(plan, &plan.nodes[id], i, 0)
                {
                    clean |= 1 << i;
                }
            }
            clean
        })
        .collect();
    plan.quick.clean_defaults = proven;
}

/// How deep a value nests (a scalar: 0).
fn nesting(v: &Value) -> usize {
    match v {
        Value::Array(items) => 1 + items.iter().map(nesting).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(nesting).max().unwrap_or(0),
        _ => 0,
    }
}

/// `anyOf` and `oneOf` between branches that check nothing but their types (IntOrString,
/// Quantity), decided per [`Class`] of value when the form is built: bit `c` of the answer is
/// set when a value of class `c` passes, that is when at least one `anyOf` branch and exactly
/// one `oneOf` branch accept it, as `compose` finds. `None` when the node composes anything
/// else.
fn choice(node: &Node, nodes: &[Node]) -> Option<u32> {
    if !node.all_of.is_empty() || node.not.is_some() {
        return None;
    }
    let types = |branches: &[NodeId]| -> Option<Vec<Types>> {
        branches
            .iter()
            .map(|&b| {
                let branch = &nodes[b];
                let accepts = match branch.type_names.is_empty() {
                    true => Types::ANY,
                    false => branch.types,
                };
                branch.type_only.then_some(accepts)
            })
            .collect()
    };
    let (any_of, one_of) = (types(&node.any_of)?, types(&node.one_of)?);
    let holds = |class: Class| {
        (any_of.is_empty() || any_of.iter().any(|t| t.accepts_class(class)))
            && (one_of.is_empty() || one_of.iter().filter(|t| t.accepts_class(class)).count() == 1)
    };
    Some(
        Class::ALL
            .into_iter()
            .filter(|&c| holds(c))
            .fold(0, |bits, c| bits | 1 << c as u32),
    )
}

/// What the quick walk reads of a node before anything else.
#[derive(Debug, Clone, Copy)]
struct Head {
    flags: u16,
    /// `log2` of the property table's size (0: no table).
    table_bits: u8,
    /// The [`Class`]es of values the node's declared types accept, as bits (all when it
    /// declares none).
    classes: u8,
    /// For a [`flag::SCALAR`] node, the classes of scalar values it passes, as bits.
    scalars: u8,
    /// Where the property table starts in [`Form::slots`]; for a [`flag::CHOICE`] node
    /// (which has no properties), the classes of values its [`choice`] passes, as bits.
    at: u32,
    items: u32,
    additional: u32,
    /// Declared properties, as bits: required ones, and those with a default.
    required: u64,
    defaulted: u64,
}

/// One slot of a property table (32 bytes, two to a cache line); `node == NONE` marks it free.
/// It holds what a scalar child of a [`flag::SCALAR`] node needs, which is checked without a
/// call.
#[derive(Debug, Clone, Copy)]
struct PropertySlot {
    /// The name's [`NameKey`], unpacked.
    head: u64,
    tail: u64,
    len: u32,
    node: u32,
    index: u32,
    /// The child node's [`Head::scalars`], and [`slot`] bits.
    scalars: u8,
    bits: u8,
}

/// [`PropertySlot::bits`].
mod slot {
    pub const STRIP_ZERO: u8 = 1;
    /// The child node is [`super::flag::SCALAR`].
    pub const SCALAR: u8 = 1 << 1;
}

impl PropertySlot {
    const FREE: PropertySlot = PropertySlot {
        head: 0,
        tail: 0,
        len: 0,
        node: NONE,
        index: 0,
        scalars: 0,
        bits: 0,
    };

    #[inline]
    fn holds(&self, key: NameKey) -> bool {
        self.head == key.head && self.tail == key.tail && self.len == key.len
    }
}

const NONE: u32 = u32::MAX;

// Two slots to a cache line.
const _: () = assert!(std::mem::size_of::<Head>() == 40);
const _: () = assert!(std::mem::size_of::<PropertySlot>() == 32);

/// [`Head::flags`].
mod flag {
    /// `x-kubernetes-list-type: map`.
    pub const MAP_LIST: u16 = 1;
    pub const TYPE_ONLY: u16 = 1 << 1;
    pub const COMPOSES: u16 = 1 << 2;
    /// maxLength, minLength, pattern or a checked format.
    pub const STRING: u16 = 1 << 3;
    pub const NUMBER: u16 = 1 << 4;
    /// minItems, maxItems or uniqueItems.
    pub const ARRAY: u16 = 1 << 5;
    pub const LIST_TYPE: u16 = 1 << 6;
    pub const ENUM: u16 = 1 << 7;
    /// minProperties or maxProperties.
    pub const COUNTS: u16 = 1 << 8;
    pub const EMBEDDED: u16 = 1 << 9;
    /// Undeclared keys are pruned.
    pub const PRUNES: u16 = 1 << 10;
    pub const ADDITIONAL_FALSE: u16 = 1 << 11;
    /// A required name the node does not declare.
    pub const REQUIRES_UNDECLARED: u16 = 1 << 12;
    /// More declared properties than the walk's bit sets hold.
    pub const MANY: u16 = 1 << 13;
    /// The node composes as a [`super::choice`].
    pub const CHOICE: u16 = 1 << 14;
    /// A scalar value is decided by its class alone ([`super::Head::scalars`]): the node
    /// checks nothing but its type, or is a choice and nothing else (IntOrString, Quantity).
    pub const SCALAR: u16 = 1 << 15;
    /// Checks the walk leaves to `openapi` (and to composition).
    pub const VALUE_CHECKS: u16 = COMPOSES | STRING | NUMBER | ARRAY | ENUM;
}

impl Head {
    /// Whether a [`flag::CHOICE`] node's choice passes the scalar `v`.
    #[inline]
    fn choice_passes<'a>(&self, v: impl ValueView<'a>) -> bool {
        self.at & 1 << Class::of(v) as u32 != 0
    }
}

impl Form {
    /// The compact form of `nodes`.
    pub fn of(nodes: &[Node]) -> Form {
        let mut form = Form::default();
        for node in nodes {
            let head = form.head(node, nodes);
            form.heads.push(head);
        }
        for i in 0..form.slots.len() {
            let slot = form.slots[i];
            if slot.node != NONE {
                let child = &form.heads[slot.node as usize];
                if child.flags & flag::SCALAR != 0 {
                    form.slots[i].scalars = child.scalars;
                    form.slots[i].bits |= slot::SCALAR;
                }
            }
        }
        form
    }

    fn head(&mut self, node: &Node, nodes: &[Node]) -> Head {
        let set = |on: bool, bit: u16| if on { bit } else { 0 };
        let many = node.properties.len() > 64;
        let flags = set(node.type_only, flag::TYPE_ONLY)
            | set(node.composes(), flag::COMPOSES)
            | set(
                node.max_length.is_some()
                    || node.min_length.is_some()
                    || node.pattern.is_some()
                    || node.format.is_some(),
                flag::STRING,
            )
            | set(
                node.multiple_of.is_some() || node.minimum.is_some() || node.maximum.is_some(),
                flag::NUMBER,
            )
            | set(
                node.min_items.is_some() || node.max_items.is_some() || node.unique_items,
                flag::ARRAY,
            )
            | set(
                node.unique_keys && !matches!(node.list_type, ListType::Atomic),
                flag::LIST_TYPE,
            )
            | set(matches!(node.list_type, ListType::Map(_)), flag::MAP_LIST)
            | set(!node.enum_values.is_empty(), flag::ENUM)
            | set(
                node.min_properties.is_some() || node.max_properties.is_some(),
                flag::COUNTS,
            )
            | set(node.embedded, flag::EMBEDDED)
            | set(matches!(node.unknown, Unknown::Pruned), flag::PRUNES)
            | set(node.additional_false, flag::ADDITIONAL_FALSE)
            | set(
                node.required
                    .iter()
                    .any(|r| matches!(r, Required::Undeclared(_))),
                flag::REQUIRES_UNDECLARED,
            )
            | set(many, flag::MANY);
        let bits = |indices: &mut dyn Iterator<Item = u32>| {
            indices.filter(|&i| i < 64).fold(0u64, |b, i| b | 1 << i)
        };
        let required = bits(&mut node.required.iter().filter_map(|r| match r {
            Required::Declared(i) => Some(*i),
            Required::Undeclared(_) => None,
        }));
        let defaulted = bits(&mut node.defaulted.iter().copied());
        let choice = match node.composes() && node.properties.is_empty() {
            true => choice(node, nodes),
            false => None,
        };
        let (at, table_bits, flags) = match choice {
            Some(classes) => (classes, 0, flags | flag::CHOICE),
            None if node.properties.is_empty() => (0, 0, flags),
            None => {
                let (at, bits) = self.table(node);
                (at, bits, flags)
            }
        };
        let classes = match node.type_names.is_empty() {
            true => u8::MAX,
            false => node.types.classes(),
        };
        let pure_choice = flags & flag::VALUE_CHECKS == flag::COMPOSES && flags & flag::CHOICE != 0;
        let (flags, scalars) = match (node.type_only, pure_choice) {
            (true, _) => (flags | flag::SCALAR, classes),
            (false, true) => (flags | flag::SCALAR, classes & at as u8),
            (false, false) => (flags, 0),
        };
        Head {
            classes,
            scalars,
            flags,
            table_bits,
            at,
            items: node.items.map_or(NONE, |i| i as u32),
            additional: match node.unknown {
                Unknown::Schema(ap) => ap as u32,
                _ => NONE,
            },
            required,
            defaulted,
        }
    }

    /// Adds the node's property table (at most half full, probed linearly).
    fn table(&mut self, node: &Node) -> (u32, u8) {
        let bits = (2 * node.properties.len())
            .next_power_of_two()
            .trailing_zeros();
        let start = self.slots.len();
        self.slots.resize(start + (1 << bits), PropertySlot::FREE);
        let table = &mut self.slots[start..];
        let mask = table.len() - 1;
        for (i, p) in node.properties.iter().enumerate() {
            let key = NameKey::of(&p.name);
            let mut at = slot_of(key, bits as u8);
            while table[at].node != NONE {
                at = (at + 1) & mask;
            }
            // The child's head may not be built yet: its scalar bits are filled in later.
            let set = |on: bool, bit: u8| if on { bit } else { 0 };
            table[at] = PropertySlot {
                head: key.head,
                tail: key.tail,
                len: key.len,
                node: p.node as u32,
                index: i as u32,
                scalars: 0,
                bits: set(p.strip_zero, slot::STRIP_ZERO),
            };
        }
        (start as u32, bits as u8)
    }

    /// The index in `node.properties` of the one named `name` (`id`: the node's id), for the
    /// full walk.
    #[inline]
    pub fn property_index(&self, id: NodeId, node: &Node, name: &str) -> Option<u32> {
        self.find(&self.heads[id], node, name)
            .map(|slot| slot.index)
    }

    /// The slot of the declared property `name` in the node's table.
    #[inline(always)]
    fn find(&self, head: &Head, node: &Node, name: &str) -> Option<&PropertySlot> {
        find_in(self.table_of(head), node, name)
    }

    /// The node's property table (empty when it has none).
    #[inline(always)]
    fn table_of(&self, head: &Head) -> &[PropertySlot] {
        match head.table_bits {
            0 => &[],
            bits => &self.slots[head.at as usize..][..1 << bits],
        }
    }
}

/// The slot of the declared property `name` in `table`, a node's property table.
#[inline(always)]
fn find_in<'t>(table: &'t [PropertySlot], node: &Node, name: &str) -> Option<&'t PropertySlot> {
    if table.is_empty() {
        return None;
    }
    let key = NameKey::of(name);
    let mask = table.len() - 1;
    let mut at = (key.hash() >> (64 - table.len().trailing_zeros())) as usize;
    loop {
        let slot = &table[at & mask];
        if slot.node == NONE {
            return None;
        }
        if slot.holds(key) && (key.whole() || *node.properties[slot.index as usize].name == *name) {
            return Some(slot);
        }
        at = (at & mask) + 1;
    }
}

/// A name's length with its first and last eight bytes (the bytes it has, for shorter names),
/// read without copying: it tells names of up to sixteen bytes apart, and hashes all names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NameKey {
    pub head: u64,
    pub tail: u64,
    /// The length, `u32::MAX` for longer names (which are never told apart by the key).
    pub len: u32,
}

impl NameKey {
    #[inline]
    pub fn of(name: &str) -> NameKey {
        let b = name.as_bytes();
        let n = b.len();
        let (head, tail) = match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
            (Some(first), Some(last)) => (u64::from_le_bytes(*first), u64::from_le_bytes(*last)),
            _ => match (b.first_chunk::<4>(), b.last_chunk::<4>()) {
                (Some(first), Some(last)) => (
                    u64::from(u32::from_le_bytes(*first))
                        | u64::from(u32::from_le_bytes(*last)) << 32,
                    0,
                ),
                _ => match (b.first(), b.last()) {
                    (Some(&first), Some(&last)) => (
                        u64::from(first) | u64::from(b[n / 2]) << 8 | u64::from(last) << 16,
                        0,
                    ),
                    _ => (0, 0),
                },
            },
        };
        NameKey {
            head,
            tail,
            len: n.min(u32::MAX as usize) as u32,
        }
    }

    /// Whether the name is told apart by its key alone.
    #[inline]
    pub fn whole(&self) -> bool {
        self.len <= 16
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        // One multiplication: the table index is the product's top bits, which mix all of it.
        (self.head ^ self.tail.rotate_left(29) ^ u64::from(self.len)).wrapping_mul(K)
    }
}

/// The first slot probed for a key in a table of `2^bits` slots.
#[inline]
fn slot_of(key: NameKey, bits: u8) -> usize {
    (key.hash() >> (64 - u32::from(bits))) as usize
}

/// One step from a node toward the first failure the quick walk met below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Toward<'a> {
    /// The value of this key (a declared property or a key `additionalProperties` checks).
    Key(&'a str),
    /// The item at this index.
    Index(usize),
}

/// What the quick walk proved: `Ok(reshaped)` when the value is clean, or where the full
/// walk must look: the steps from the node toward the first failure, the last step first
/// (empty when the node itself failed).
pub(crate) type Verdict<'a> = Result<bool, Vec<Toward<'a>>>;

/// A subtree the survey found failing, left whole to the full walk.
#[derive(Debug)]
pub(crate) struct Failing<'a, V> {
    pub node: NodeId,
    pub value: V,
    pub depth: usize,
    /// The steps from the root, the last first.
    pub trail: Vec<Link<'a>>,
}

/// A step of a [`Failing`] subtree's trail, with its rank among its siblings: the order in
/// which the full walk visits them (keys `additionalProperties` checks in the object's order,
/// then declared properties in the schema's order; items in order).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Link<'a> {
    pub rank: u32,
    pub step: Step<'a>,
}

/// The rank of a declared property, after every undeclared key.
const DECLARED: u32 = 1 << 31;

impl<V> Failing<'_, V> {
    /// The ranks from the root down: failing subtrees sorted by it come in the full walk's
    /// order (none holds another).
    pub fn ranks(&self) -> impl Iterator<Item = u32> + '_ {
        self.trail.iter().rev().map(|link| link.rank)
    }
}

/// What the survey of an object found.
#[derive(Debug)]
pub(crate) enum Survey<'a, V> {
    /// The object is clean; whether decoding reshapes it.
    Clean { reshaped: bool },
    /// The failures lie in these subtrees and nowhere else; whether decoding reshapes what
    /// lies outside them.
    Failing {
        subtrees: Vec<Failing<'a, V>>,
        reshaped: bool,
    },
    /// The root itself fails: the full walk must see all of it.
    Root,
}

/// Surveys `value` against the plan's root: as [`clean`], but a subtree that fails is set
/// aside for the full walk and the walk goes on, so that an object with a few errors is
/// walked once, and in full only where they are.
pub(crate) fn survey<'a, V: ValueView<'a>>(plan: &Plan, value: V) -> Survey<'a, V> {
    let mut quick = Quick::new(plan);
    quick.survey = true;
    match quick.node(plan.root, value, true, 0) {
        false => Survey::Root,
        true if quick.failing.is_empty() => Survey::Clean {
            reshaped: quick.reshaped,
        },
        true => Survey::Failing {
            subtrees: quick.failing,
            reshaped: quick.reshaped,
        },
    }
}

/// Whether `value` is clean against the plan's root.
#[cfg(test)]
pub(crate) fn clean<'a, V: ValueView<'a>>(plan: &Plan, value: V) -> Verdict<'a> {
    Quick::new(plan).proves(plan.root, value, true, 0)
}

/// Whether `value`, below the object's root at `depth`, is clean against node `id`.
pub(crate) fn clean_at<'a, V: ValueView<'a>>(
    plan: &Plan,
    id: NodeId,
    value: V,
    depth: usize,
) -> Verdict<'a> {
    Quick::new(plan).proves(id, value, false, depth)
}

struct Quick<'p, 'a, V> {
    plan: &'p Plan,
    form: &'p Form,
    reshaped: bool,
    /// Where the walk failed, the deepest step first.
    trail: Vec<Toward<'a>>,
    /// Failing subtrees are set aside and the walk goes on (a survey), rather than stopping
    /// at the first.
    survey: bool,
    /// The subtrees set aside.
    failing: Vec<Failing<'a, V>>,
}

impl<'p, 'a, V: ValueView<'a>> Quick<'p, 'a, V> {
    fn new(plan: &'p Plan) -> Self {
        Quick {
            plan,
            form: &plan.quick,
            reshaped: false,
            trail: Vec::new(),
            survey: false,
            failing: Vec::new(),
        }
    }

    fn proves(mut self, id: NodeId, v: V, top: bool, depth: usize) -> Verdict<'a> {
        match self.node(id, v, top, depth) {
            true => Ok(self.reshaped),
            false => Err(self.trail),
        }
    }

    /// Fails toward `step`.
    #[cold]
    fn fail(&mut self, step: Toward<'a>) -> bool {
        self.trail.push(step);
        false
    }

    /// What follows a child's walk when it is not settled (clean with nothing set aside
    /// below it): in a survey, a failing child is set aside whole (what was set aside below
    /// it, from `mark` on, goes with it) and the walk goes on; subtrees set aside below a clean
    /// child get the step to it. Outside a survey, the walk stops at the failing child.
    /// Where the next child's mark is, or `None` when the walk stops.
    #[cold]
    #[inline(never)]
    fn settle(
        &mut self,
        clean: bool,
        mark: usize,
        child: (NodeId, V, usize),
        link: Link<'a>,
        toward: Toward<'a>,
    ) -> Option<usize> {
        if clean {
            for failing in &mut self.failing[mark..] {
                failing.trail.push(link);
            }
        } else if !self.survey {
            self.fail(toward);
            return None;
        } else {
            self.set_aside(mark, child, link);
        }
        Some(self.failing.len())
    }

    fn set_aside(&mut self, mark: usize, (node, value, depth): (NodeId, V, usize), link: Link<'a>) {
        self.failing.truncate(mark);
        // Room for the steps up to the root of most objects.
        let mut trail = Vec::with_capacity(depth.min(16));
        trail.push(link);
        self.failing.push(Failing {
            node,
            value,
            depth,
            trail,
        });
    }

    /// Whether `v` is clean at node `id`; `top`: the node is the object's root.
    fn node(&mut self, id: NodeId, v: V, top: bool, depth: usize) -> bool {
        let head = &self.form.heads[id];
        let flags = head.flags;
        let class = Class::of(v);
        if depth > MAX_DEPTH || class == Class::Null || head.classes & class.bit() == 0 {
            return false;
        }
        let container = class.bit() & Class::CONTAINERS != 0;
        if flags & flag::SCALAR != 0 {
            if !container {
                return head.scalars & class.bit() != 0;
            }
            if flags & flag::TYPE_ONLY == 0 {
                // A choice over a container: composition sees the pruned value.
                return false;
            }
        } else if flags & flag::VALUE_CHECKS != 0 && !self.value_checks(id, head, v, depth) {
            return false;
        }
        match class {
            Class::Array => self.array(id, head, v, depth),
            Class::Object => self.object(id, head, &self.plan.nodes[id], v, top, depth),
            _ => true,
        }
    }

    /// The value checks of the node's flags that are not the walk's own (composition, string,
    /// number, array and enum keywords), kept out of the walk's way.
    #[inline(never)]
    fn value_checks(&self, id: NodeId, head: &Head, v: V, depth: usize) -> bool {
        let flags = head.flags;
        let node = &self.plan.nodes[id];
        let path = &Path::ROOT;
        let mut failures = Errors::quiet();
        let kind = v.kind();
        if flags & flag::COMPOSES != 0 {
            // Over containers, composition sees the pruned value: the full walk's business.
            if matches!(kind, Kind::Array | Kind::Object) {
                return false;
            }
            match flags & flag::CHOICE != 0 {
                true if !head.choice_passes(v) => return false,
                true => {}
                false => compose(self.plan, node, v, path, depth, &mut failures),
            }
        }
        match kind {
            Kind::String if flags & flag::STRING != 0 => {
                openapi::check_string(node, v.as_str().unwrap_or_default(), path, &mut failures)
            }
            Kind::Integer | Kind::Float if flags & flag::NUMBER != 0 => {
                openapi::check_number(node, v, path, &mut failures)
            }
            Kind::Array if flags & flag::ARRAY != 0 => {
                openapi::check_array(node, v, path, &mut failures)
            }
            _ => {}
        }
        if flags & flag::ENUM != 0 {
            openapi::check_enum(node, v, path, &mut failures);
        }
        failures.failures() == 0
    }

    /// Whether an array is clean: its list type holds and its items are clean.
    fn array(&mut self, id: NodeId, head: &Head, v: V, depth: usize) -> bool {
        // A list of one item repeats nothing: what a map list asks of it (to be an object) is
        // asked below.
        let one = v.len() < 2;
        let objects_only = one && head.flags & flag::MAP_LIST != 0;
        if head.flags & flag::LIST_TYPE != 0
            && !one
            && !listtype::holds(&self.plan.nodes[id].list_type, v)
        {
            return false;
        }
        if head.items == NONE {
            return true;
        }
        let items = head.items as NodeId;
        let item_head = &self.form.heads[items];
        // Scalar items of a node that checks only their type, without a call.
        let scalars = match item_head.flags & flag::SCALAR != 0 && depth < MAX_DEPTH {
            true => Some(item_head.scalars),
            false => None,
        };
        let mut mark = self.failing.len();
        let null_is_zero = self.plan.nodes[id].null_item_is_zero;
        for (i, item) in v.items().enumerate() {
            // Settled: clean, with nothing set aside below (a scalar checked here sets
            // nothing aside).
            let class = Class::of(item);
            if objects_only && class != Class::Object {
                return false;
            }
            if class == Class::Null && null_is_zero {
                continue;
            }
            let (clean, settled) = match scalars {
                Some(scalars) if class.bit() & (Class::CONTAINERS | Class::Null.bit()) == 0 => {
                    let clean = scalars & class.bit() != 0;
                    (clean, clean)
                }
                _ => {
                    let clean = self.node(items, item, false, depth + 1);
                    (clean, clean && self.failing.len() == mark)
                }
            };
            if !settled {
                let link = Link {
                    rank: i as u32,
                    step: Step::Index(i),
                };
                let child = (items, item, depth + 1);
                match self.settle(clean, mark, child, link, Toward::Index(i)) {
                    Some(after) => mark = after,
                    None => return false,
                }
            }
        }
        true
    }

    fn object(
        &mut self,
        id: NodeId,
        head: &Head,
        node: &Node,
        v: V,
        top: bool,
        depth: usize,
    ) -> bool {
        let flags = head.flags;
        if flags & flag::EMBEDDED != 0 && !top || flags & flag::MANY != 0 {
            return false;
        }
        // Declared properties holding a value, as bits; undeclared keys kept.
        let mut held = 0u64;
        let mut undeclared = 0;
        let mut mark = self.failing.len();
        let table = self.form.table_of(head);
        for (key, child) in v.entries() {
            match find_in(table, node, key) {
                Some(slot) => {
                    let bits = slot.bits;
                    let class = Class::of(child);
                    // A null or a stripped zero makes the property unset: the object's own
                    // business, left to the full walk.
                    if class == Class::Null || bits & slot::STRIP_ZERO != 0 && child.is_zero() {
                        return false;
                    }
                    let id = slot.node as NodeId;
                    let (clean, settled) = if bits & slot::SCALAR != 0
                        && depth < MAX_DEPTH
                        && class.bit() & Class::CONTAINERS == 0
                    {
                        // What `node` would do for it.
                        let clean = slot.scalars & class.bit() != 0;
                        (clean, clean)
                    } else {
                        let clean = self.node(id, child, false, depth + 1);
                        (clean, clean && self.failing.len() == mark)
                    };
                    if !settled {
                        let link = Link {
                            rank: DECLARED | slot.index,
                            step: Step::Field(key),
                        };
                        let child = (id, child, depth + 1);
                        match self.settle(clean, mark, child, link, Toward::Key(key)) {
                            Some(after) => mark = after,
                            None => return false,
                        }
                    }
                    held |= 1 << slot.index;
                }
                None => {
                    if flags & flag::ADDITIONAL_FALSE != 0
                        || flags & flag::PRUNES != 0 && node.prunes(key, top)
                    {
                        return false;
                    }
                    // Undeclared keys rank in the object's order.
                    let position = undeclared;
                    undeclared += 1;
                    // A null map value is no error (the full walk's `object` says why).
                    if head.additional != NONE && !child.is_null() {
                        let id = head.additional as NodeId;
                        let value_head = &self.form.heads[id];
                        let class = Class::of(child);
                        let (clean, settled) = if value_head.flags & flag::SCALAR != 0
                            && depth < MAX_DEPTH
                            && class.bit() & (Class::CONTAINERS | Class::Null.bit()) == 0
                        {
                            let clean = value_head.scalars & class.bit() != 0;
                            (clean, clean)
                        } else {
                            let clean = self.node(id, child, false, depth + 1);
                            (clean, clean && self.failing.len() == mark)
                        };
                        if !settled {
                            let link = Link {
                                rank: position as u32,
                                step: Step::Key(key),
                            };
                            let child = (id, child, depth + 1);
                            match self.settle(clean, mark, child, link, Toward::Key(key)) {
                                Some(after) => mark = after,
                                None => return false,
                            }
                        }
                    }
                }
            }
        }
        let missing = head.defaulted & !held;
        if missing != 0 {
            self.reshaped = true;
            let mut unproven = match depth < PROVEN_DEFAULTS_DEPTH {
                // (None proven yet while they are being proven.)
                true => missing & !self.form.clean_defaults.get(id).copied().unwrap_or(0),
                false => missing,
            };
            while unproven != 0 {
                let i = unproven.trailing_zeros();
                unproven &= unproven - 1;
                if !default_is_clean(self.plan, node, i, depth) {
                    return false;
                }
            }
            held |= missing;
        }
        if head.required & !held != 0 {
            return false;
        }
        if flags & flag::COUNTS != 0 {
            let mut failures = Errors::quiet();
            let count = held.count_ones() as usize + undeclared;
            openapi::check_object_counts(node, count, &Path::ROOT, &mut failures);
            if failures.failures() != 0 {
                return false;
            }
        }
        flags & flag::REQUIRES_UNDECLARED == 0
            || node.required.iter().all(|r| match r {
                Required::Declared(_) => true,
                Required::Undeclared(name) => !node.prunes(name, top) && v.get(name).is_some(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::Form;
    use crate::validate::plan::{Node, Property};

    fn node(names: &[&str]) -> Node {
        Node {
            properties: names
                .iter()
                .map(|n| Property {
                    name: (*n).into(),
                    node: 0,
                    default: None,
                    strip_zero: false,
                })
                .collect(),
            ..Node::default()
        }
    }

    #[test]
    fn properties_are_found_by_name_through_key_collisions_and_in_large_nodes() {
        // Names that share their length, first and last bytes, or first and last eight bytes.
        let small = [
            "abcd",
            "axcd",
            "",
            "a",
            "ab",
            "abcde",
            "name",
            "generateName",
            "generateNames",
            "abcdefgh_x_12345678",
            "abcdefgh_y_12345678",
        ];
        let missing = [
            "abcdefgh_z_12345678",
            "b",
            "ac",
            "aycd",
            "abc",
            "nam",
            "names",
            "generatename",
            "generateNamex",
        ];
        let large: Vec<String> = (0..300).map(|i| format!("field{i}")).collect();
        let large: Vec<&str> = large.iter().map(String::as_str).collect();
        for (names, missing) in [(&small[..], &missing[..]), (&large[..], &["field300"][..])] {
            let nodes = [node(names)];
            let form = Form::of(&nodes);
            for (i, name) in names.iter().enumerate() {
                assert_eq!(
                    form.property_index(0, &nodes[0], name),
                    Some(i as u32),
                    "{name:?}"
                );
            }
            for name in missing {
                assert_eq!(form.property_index(0, &nodes[0], name), None, "{name:?}");
            }
        }
        let nodes = [node(&[])];
        assert_eq!(Form::of(&nodes).property_index(0, &nodes[0], "x"), None);
    }
}
