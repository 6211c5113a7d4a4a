//! `legatus data check`: validates a scenario data pack and lists what is
//! sourced from the rulebook text and what is provisional. `legatus data map`: draws one of a
//! pack's hex maps (SVG or PNG) with the shared hex-map renderer.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::engine::Error;

#[derive(Args, Debug)]
pub struct DataArgs {
    #[command(subcommand)]
    command: DataCommand,
}

#[derive(Subcommand, Debug)]
enum DataCommand {
    /// Validate a data pack (schema, symmetric borders, references, complete tables) and list its provenance: what is printed in the rulebook text and what is provisional.
    Check {
        /// The pack folder, e.g. scenarios/alexandros, or the name of a pack compiled into legatus (alexandros, conquerors) when no such folder exists: the binary's own copy is checked.
        dir: PathBuf,
    },
    /// Draw a hex map of a data pack (terrain, hexsides, cities with class, ports, roads, regions, legend) as SVG and/or PNG.
    Map {
        /// The pack folder, e.g. scenarios/conquerors, or the name of a pack compiled into legatus (conquerors) when no such folder exists.
        dir: PathBuf,
        /// The map id, e.g. romans or macedonians.
        #[arg(long)]
        map: String,
        /// Draw the map as this game uses it (its variant applied), e.g. --variant romans for the Macedonians map in The Romans.
        #[arg(long, value_name = "GAME")]
        variant: Option<String>,
        /// Write the map as SVG to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Write the map as PNG to this file.
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// PNG pixels per SVG unit (1.5 keeps hex numbers and names legible).
        #[arg(long, default_value_t = 1.5)]
        zoom: f32,
    },
}

pub fn run(a: DataArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dir = match a.command {
        DataCommand::Check { dir } => dir,
        DataCommand::Map {
            dir,
            map,
            variant,
            svg,
            png,
            zoom,
        } => return draw_map(&dir, &map, variant.as_deref(), svg, png, zoom, out),
    };
    let (dir, _embedded) = pack_folder(&dir, out)?;
    let packs = crate::games::builtin_packs();
    let Some(kind) = packs.kind_of(&dir) else {
        return Err(Error::input(format!(
            "{}: not a data pack this legatus knows ({})",
            dir.display(),
            packs.names().join(", ")
        )));
    };
    let report = (kind.check)(&dir).map_err(|e| Error::input(e.to_string()))?;
    write!(out, "{}", report.render()).map_err(super::io)
}

/// The folder of the pack `dir` names: the folder itself when it exists; otherwise, when its
/// last component names a pack compiled into legatus (`alexandros`, `scenarios/alexandros`),
/// that pack's files written to a temporary folder (removed when the returned guard drops).
fn pack_folder(
    dir: &std::path::Path,
    out: &mut dyn Write,
) -> Result<(PathBuf, Option<tempfile::TempDir>), Error> {
    if dir.is_dir() {
        return Ok((dir.to_path_buf(), None));
    }
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Some(files) = crate::games::embedded_pack_files(&name) else {
        return Err(Error::input(format!(
            "{} is not a folder, nor the name of a data pack compiled into legatus ({})",
            dir.display(),
            crate::games::builtin_packs().names().join(", ")
        )));
    };
    let tmp = tempfile::tempdir().map_err(|e| Error::input(format!("a temporary folder: {e}")))?;
    let root = tmp.path().join(&name);
    for (file, text) in files {
        let path = root.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error::input(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&path, text)
            .map_err(|e| Error::input(format!("{}: {e}", path.display())))?;
    }
    writeln!(
        out,
        "(no folder {} here: using the {name} pack compiled into this legatus)",
        dir.display()
    )
    .map_err(super::io)?;
    Ok((root, Some(tmp)))
}

/// `legatus data map DIR --map ID [--variant GAME] [--svg F] [--png F] [--zoom Z]`.
fn draw_map(
    dir: &std::path::Path,
    id: &str,
    variant: Option<&str>,
    svg: Option<PathBuf>,
    png: Option<PathBuf>,
    zoom: f32,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let (dir, _embedded) = pack_folder(dir, out)?;
    let dir = dir.as_path();
    if svg.is_none() && png.is_none() {
        return Err(Error::input(
            "legatus data map: say where to draw it: --svg FILE and/or --png FILE",
        ));
    }
    if !(0.25..=4.0).contains(&zoom) {
        return Err(Error::input(format!(
            "--zoom {zoom}: give a zoom from 0.25 to 4"
        )));
    }
    let packs = crate::games::builtin_packs();
    let name = packs.kind_of(dir).map(|k| k.name);
    let map_packs = crate::games::builtin_map_packs();
    let Some(mp) = map_packs.iter().find(|m| Some(m.pack) == name) else {
        let with: Vec<&str> = map_packs.iter().map(|m| m.pack).collect();
        return Err(Error::input(format!(
            "{}: not a data pack with hex maps (packs with maps: {})",
            dir.display(),
            with.join(", ")
        )));
    };
    let maps = (mp.maps)(dir).map_err(|e| Error::input(e.to_string()))?;
    let Some(m) = maps.get(id) else {
        let ids: Vec<&str> = maps.keys().map(String::as_str).collect();
        return Err(Error::input(format!(
            "--map {id}: {} has no such map{}; its maps: {}",
            dir.display(),
            crate::names::did_you_mean(id, ids.iter().copied()),
            ids.join(", ")
        )));
    };
    let (m, title) = match variant {
        Some(game) if !m.variants.contains_key(game) => {
            let vs: Vec<&str> = m.variants.keys().map(String::as_str).collect();
            return Err(Error::input(format!(
                "--variant {game}: the {id} map has no variant for it (its variants: {})",
                if vs.is_empty() {
                    "none".to_string()
                } else {
                    vs.join(", ")
                }
            )));
        }
        Some(game) => (
            m.with_variant(game),
            format!("{}: {} map, as {game} uses it", mp.system, m.title),
        ),
        None => (m.clone(), format!("{}: {} map", mp.system, m.title)),
    };
    let view = crate::view::board_view(&m, &title);
    let picture = crate::render::svg::map_svg(&view);
    if let Some(p) = &svg {
        crate::engine::folder::write_atomic(p, picture.as_bytes())?;
        writeln!(out, "wrote {}", p.display()).map_err(super::io)?;
    }
    if let Some(p) = &png {
        let bytes = crate::render::png::rasterise(&picture, zoom)
            .and_then(|pic| pic.png())
            .map_err(|e| Error::input(e.to_string()))?;
        crate::engine::folder::write_atomic(p, &bytes)?;
        writeln!(out, "wrote {}", p.display()).map_err(super::io)?;
    }
    Ok(())
}
