//! PNG pictures: an SVG drawn by [`super::svg`] rasterised with resvg. The font is embedded
//! (DejaVu Sans, `assets/fonts/`, licence there) and no system font is read, so the picture is
//! the same on every machine, a fresh CI machine with no fonts included.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// DejaVu Sans, embedded (see `assets/fonts/README.md` for its source and licence).
pub static FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse (a renderer bug).
    #[error("the map picture's SVG does not parse: {0}")]
    Svg(String),
    /// The picture has no area or is too large to hold.
    #[error("the map picture has an impossible size {0}x{1}")]
    Size(u32, u32),
    /// Encoding failed.
    #[error("could not encode the PNG: {0}")]
    Encode(String),
}

fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT_DATA.to_vec());
        db.set_sans_serif_family(super::svg::FONT);
        Arc::new(db)
    })
    .clone()
}

/// A rasterised picture: its pixels (premultiplied RGBA) and size.
pub struct Picture {
    /// The pixmap.
    pub pixmap: tiny_skia::Pixmap,
}

impl Picture {
    /// The colour at (x, y) as (r, g, b, a), demultiplied.
    pub fn pixel(&self, x: u32, y: u32) -> Option<(u8, u8, u8, u8)> {
        self.pixmap.pixel(x, y).map(|p| {
            let c = p.demultiply();
            (c.red(), c.green(), c.blue(), c.alpha())
        })
    }
    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.pixmap.width(), self.pixmap.height())
    }
    /// PNG bytes: opaque 8-bit RGB (the picture is drawn on white, so it has no transparency),
    /// compressed hard with adaptive filtering — a quarter smaller than the RGBA the pixmap
    /// holds, for mail attachments (docs/performance.md "Mail size").
    pub fn png(&self) -> Result<Vec<u8>, PngError> {
        let (w, h) = self.size();
        let mut rgb = Vec::with_capacity((w * h * 3) as usize);
        for p in self.pixmap.pixels() {
            let c = p.demultiply();
            rgb.extend_from_slice(&[c.red(), c.green(), c.blue()]);
        }
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::High);
        enc.set_filter(png::Filter::Adaptive);
        let err = |e: png::EncodingError| PngError::Encode(e.to_string());
        let mut writer = enc.write_header().map_err(err)?;
        writer.write_image_data(&rgb).map_err(err)?;
        writer.finish().map_err(err)?;
        Ok(out)
    }
}

/// Rasterises `svg` at its own size times `zoom`.
pub fn rasterise(svg: &str, zoom: f32) -> Result<Picture, PngError> {
    let opt = usvg::Options {
        font_family: super::svg::FONT.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * zoom).ceil() as u32,
        (size.height() * zoom).ceil() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(zoom, zoom),
        &mut pixmap.as_mut(),
    );
    Ok(Picture { pixmap })
}

/// `svg` as PNG bytes at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, PngError> {
    rasterise(svg, 1.0)?.png()
}

/// Reads a PNG (e.g. a browser's screenshot) to look at its pixels.
pub fn decode(bytes: &[u8]) -> Option<Picture> {
    tiny_skia::Pixmap::decode_png(bytes)
        .ok()
        .map(|pixmap| Picture { pixmap })
}
