//! The rules of the family, each once, by name: what a search asks of a step, a play, a set of plays.

pub mod acey_tabula;
pub mod fevga;
pub mod filters;
pub mod head;
pub mod hitter;
pub mod kush;
pub mod maximum_use;
pub mod movement;
pub mod six_block;
pub mod steps;
