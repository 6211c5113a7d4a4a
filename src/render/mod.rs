//! Views drawn for people (ARCHITECTURE `src/render/`): the situation and narrative as report
//! blocks for text, Markdown and BBCode (`text`), the map as SVG (`svg` province maps, `hexmap` hex maps
//! with their printed board, both with `geometry`), the battle board (`board`), PNG pictures rasterised with resvg (`png`),
//! and the self-contained HTML turn page (`html`). Renderers draw a [`crate::view::View`] and
//! know no game.

pub mod board;
pub mod geometry;
pub mod hexmap;
pub mod html;
pub mod png;
pub mod svg;
pub mod text;
