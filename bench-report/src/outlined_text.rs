//! Chart text drawn as glyph outlines of a bundled font, so an SVG looks the same with no font installed.
//!
//! plotters' SVG backend writes `<text>` elements, which every viewer renders with whatever fonts it
//! has. [`OutlinedTextBackend`] wraps it: shapes go to the SVG backend as usual, while text is measured
//! and laid out with the bundled DejaVu Sans (through `ab_glyph`, pure Rust) and written as `<path>`
//! outlines: each glyph once in `<defs>`, then `<use>`d where it appears.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::rc::Rc;

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};
use plotters::prelude::SVGBackend;
use plotters::style::text_anchor::{HPos, VPos};
use plotters::style::{FontStyle, FontTransform};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

static REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// The family name charts ask plotters for; it resolves to the bundled font.
pub const FAMILY: &str = "DejaVu Sans";

/// The bundled font, regular and bold.
#[derive(Clone)]
pub struct Typeface {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl Typeface {
    /// The bundled DejaVu Sans. Also registers it with plotters' `ab_glyph` font backend.
    pub fn bundled() -> Typeface {
        let regular = FontRef::try_from_slice(REGULAR).expect("the bundled regular font parses");
        let bold = FontRef::try_from_slice(BOLD).expect("the bundled bold font parses");
        for (style, bytes) in [(FontStyle::Normal, REGULAR), (FontStyle::Bold, BOLD)] {
            if plotters::style::register_font(FAMILY, style, bytes).is_err() {
                unreachable!("the bundled font parsed above");
            }
        }
        Typeface { regular, bold }
    }

    fn font(&self, bold: bool) -> &FontRef<'static> {
        if bold { &self.bold } else { &self.regular }
    }

    fn units_per_em(&self, bold: bool) -> f64 {
        f64::from(self.font(bold).units_per_em().unwrap_or(2048.0))
    }

    /// Width in pixels of `text` set at `em` pixels per em.
    pub fn width(&self, text: &str, em: f64, bold: bool) -> f64 {
        let advances: f64 = self.advances(text, bold).iter().map(|(_, a)| a).sum();
        advances * em / self.units_per_em(bold)
    }

    /// Each glyph of `text` with its x offset in font units from the start of the run.
    fn advances(&self, text: &str, bold: bool) -> Vec<(GlyphId, f64)> {
        let font = self.font(bold);
        let mut out: Vec<(GlyphId, f64)> = Vec::new();
        let mut previous: Option<GlyphId> = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            let kern = previous.map_or(0.0, |p| f64::from(font.kern_unscaled(p, id)));
            if let Some(last) = out.last_mut() {
                last.1 += kern;
            }
            out.push((id, f64::from(font.h_advance_unscaled(id))));
            previous = Some(id);
        }
        out
    }

    /// Height of a capital letter, as a fraction of the em.
    fn cap_height(&self, bold: bool) -> f64 {
        let font = self.font(bold);
        font.outline(font.glyph_id('H'))
            // ab_glyph's bounds may list y top-down; the cap height is the larger.
            .map_or(0.73, |o| {
                f64::from(o.bounds.min.y.max(o.bounds.max.y)) / self.units_per_em(bold)
            })
    }

    /// The outline of `glyph` as SVG path data, in font units with y pointing up.
    fn path_data(&self, glyph: GlyphId, bold: bool) -> String {
        let Some(outline) = self.font(bold).outline(glyph) else {
            return String::new();
        };
        let mut d = String::new();
        let mut pen: Option<ab_glyph::Point> = None;
        for curve in &outline.curves {
            let (start, end) = match curve {
                OutlineCurve::Line(a, b)
                | OutlineCurve::Quad(a, _, b)
                | OutlineCurve::Cubic(a, _, _, b) => (*a, *b),
            };
            if pen != Some(start) {
                if pen.is_some() {
                    d.push('Z');
                }
                let _ = write!(d, "M{} {}", start.x, start.y);
            }
            let _ = match curve {
                OutlineCurve::Line(_, b) => write!(d, "L{} {}", b.x, b.y),
                OutlineCurve::Quad(_, c, b) => write!(d, "Q{} {} {} {}", c.x, c.y, b.x, b.y),
                OutlineCurve::Cubic(_, c1, c2, b) => {
                    write!(d, "C{} {} {} {} {} {}", c1.x, c1.y, c2.x, c2.y, b.x, b.y)
                }
            };
            pen = Some(end);
        }
        if pen.is_some() {
            d.push('Z');
        }
        d
    }
}

/// The text of one chart, collected while plotters draws and written out as outlines at the end.
pub struct TextLayer {
    typeface: Typeface,
    id_prefix: String,
    glyphs: BTreeMap<(bool, u16), ()>,
    runs: String,
    texts: Vec<String>,
}

impl TextLayer {
    /// An empty layer; `id_prefix` keeps glyph ids unique when several charts share one HTML page.
    pub fn new(typeface: Typeface, id_prefix: &str) -> TextLayer {
        TextLayer {
            typeface,
            id_prefix: id_prefix.to_owned(),
            glyphs: BTreeMap::new(),
            runs: String::new(),
            texts: Vec::new(),
        }
    }

    /// Every text drawn so far, in drawing order.
    pub fn texts(&self) -> &[String] {
        &self.texts
    }

    /// Sets `text` at `pos`, `em` pixels per em, anchored as plotters asks, rotated by `degrees`.
    #[allow(clippy::too_many_arguments)]
    pub fn add(
        &mut self,
        text: &str,
        pos: (f64, f64),
        em: f64,
        bold: bool,
        anchor: (HPos, VPos),
        degrees: i32,
        fill: &str,
    ) {
        self.texts.push(text.to_owned());
        let width = self.typeface.width(text, em, bold);
        let dx = match anchor.0 {
            HPos::Left => 0.0,
            HPos::Center => -width / 2.0,
            HPos::Right => -width,
        };
        let cap = self.typeface.cap_height(bold) * em;
        let dy = match anchor.1 {
            VPos::Top => cap,
            VPos::Center => cap / 2.0,
            VPos::Bottom => 0.0,
        };
        let scale = em / self.typeface.units_per_em(bold);
        let _ = write!(
            self.runs,
            "<g fill=\"{fill}\" transform=\"translate({:.1} {:.1}) rotate({degrees}) translate({dx:.1} {dy:.1}) scale({scale:.6} {:.6})\">",
            pos.0, pos.1, -scale
        );
        let weight = if bold { 'b' } else { 'r' };
        for (glyph, x) in self.offsets(text, bold) {
            self.glyphs.insert((bold, glyph.0), ());
            let _ = write!(
                self.runs,
                "<use href=\"#{}-{weight}{}\" x=\"{x:.0}\"/>",
                self.id_prefix, glyph.0
            );
        }
        self.runs.push_str("</g>\n");
    }

    fn offsets(&self, text: &str, bold: bool) -> Vec<(GlyphId, f64)> {
        let mut x = 0.0;
        self.typeface
            .advances(text, bold)
            .into_iter()
            .map(|(glyph, advance)| {
                let at = x;
                x += advance;
                (glyph, at)
            })
            .collect()
    }

    /// The `<defs>` of every glyph used, then every text run.
    pub fn to_svg(&self) -> String {
        let mut out = String::from("<defs>\n");
        for &(bold, glyph) in self.glyphs.keys() {
            let weight = if bold { 'b' } else { 'r' };
            let d = self.typeface.path_data(GlyphId(glyph), bold);
            let _ = writeln!(
                out,
                "<path id=\"{}-{weight}{glyph}\" d=\"{d}\"/>",
                self.id_prefix
            );
        }
        out.push_str("</defs>\n");
        out.push_str(&self.runs);
        out
    }
}

/// plotters' SVG backend with text handed to a [`TextLayer`] instead of written as `<text>`.
pub struct OutlinedTextBackend<'a> {
    svg: SVGBackend<'a>,
    layer: Rc<RefCell<TextLayer>>,
}

impl<'a> OutlinedTextBackend<'a> {
    /// Draws into `buffer` (an SVG document of `size` pixels), text into `layer`.
    pub fn new(buffer: &'a mut String, size: (u32, u32), layer: Rc<RefCell<TextLayer>>) -> Self {
        OutlinedTextBackend {
            svg: SVGBackend::with_string(buffer, size),
            layer,
        }
    }
}

fn colour_hex(colour: BackendColor) -> String {
    let (r, g, b) = colour.rgb;
    format!("#{r:02x}{g:02x}{b:02x}")
}

impl DrawingBackend for OutlinedTextBackend<'_> {
    type ErrorType = <SVGBackend<'static> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.svg.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.svg.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let degrees = match style.transform() {
            FontTransform::Rotate90 => 90,
            FontTransform::Rotate180 => 180,
            FontTransform::Rotate270 => 270,
            _ => 0,
        };
        let anchor = style.anchor();
        self.layer.borrow_mut().add(
            text,
            (f64::from(pos.0), f64::from(pos.1)),
            style.size(),
            matches!(style.style(), FontStyle::Bold),
            (anchor.h_pos, anchor.v_pos),
            degrees,
            &colour_hex(style.color()),
        );
        Ok(())
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        let bold = matches!(style.style(), FontStyle::Bold);
        let width = self.layer.borrow().typeface.width(text, style.size(), bold);
        Ok((width.ceil() as u32, style.size().ceil() as u32))
    }
}
