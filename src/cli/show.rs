//! `legatus show GAME [--svg F] [--png F] [--html F] [--board F] [--side S]`: the situation of a
//! game, printed, or drawn as the map picture (SVG or PNG), the battle board, or the turn page.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::engine::folder::GameDir;
use crate::engine::{pages, Error};
use crate::render;
use crate::report::{self, Format};
use crate::ruleset::Registry;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The game folder.
    game: PathBuf,
    /// Write the map as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write the map as PNG to this file.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Write the turn page (one self-contained HTML file) to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Write the battle board as SVG to this file (when a battle is on).
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// The reader: the turn page tells what happened since this side's last entry.
    #[arg(long)]
    side: Option<String>,
}

fn write(path: &PathBuf, bytes: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    crate::engine::folder::write_atomic(path, bytes)?;
    writeln!(out, "wrote {}", path.display()).map_err(super::io)
}

/// Runs `legatus show`.
pub fn run(registry: &Registry, a: ShowArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dir = GameDir::new(&a.game);
    let (game, _) = dir.load(registry)?;
    if let Some(side) = &a.side {
        crate::engine::orders::known_side(&game, side)?;
    }
    let reader = a.side.as_deref();
    let mut wrote = false;
    if let Some(p) = &a.svg {
        write(p, pages::map_svg(&game).as_bytes(), out)?;
        wrote = true;
    }
    if let Some(p) = &a.png {
        let png = pages::map_png(&game).map_err(|e| Error::input(e.to_string()))?;
        write(p, &png, out)?;
        wrote = true;
    }
    if let Some(p) = &a.board {
        match pages::board_svg(&game) {
            Some(svg) => write(p, svg.as_bytes(), out)?,
            None => {
                writeln!(out, "no battle is in progress: no board written").map_err(super::io)?
            }
        }
        wrote = true;
    }
    if let Some(p) = &a.html {
        let provisional = game.rules().provisional(&game.header.data);
        write(
            p,
            pages::turn_page(&game, reader, &provisional).as_bytes(),
            out,
        )?;
        wrote = true;
    }
    if !wrote {
        let view = pages::view(&game, reader);
        let mut doc = render::text::situation(&view);
        doc.push(report::Block::Heading("Next".into()));
        doc.push(report::Block::List(view.next.clone()));
        write!(out, "{}", report::render(&doc, Format::Text)).map_err(super::io)?;
    }
    Ok(())
}
