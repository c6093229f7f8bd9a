//! One section as an SVG chart: horizontal grouped bars with value labels, interval whiskers, a legend
//! and a "N× faster" callout where the speed-up holds, drawn with plotters.

use std::cell::RefCell;
use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::error::{Error, Result};
use crate::format;
use crate::outlined_text::{FAMILY, OutlinedTextBackend, TextLayer, Typeface};
use crate::report::{Cell, SectionReport};

const WIDTH: u32 = 760;
const HEADER: u32 = 30;
const LEGEND_ROW: u32 = 22;
const LABEL_BAND: f64 = 26.0;
const BAR: f64 = 16.0;
const BAR_GAP: f64 = 4.0;
const GROUP_GAP: f64 = 14.0;
const AXIS_BAND: u32 = 28;
const SIDE: u32 = 16;
const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
const MUTED: RGBColor = RGBColor(0x66, 0x66, 0x66);
const GRID: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);

/// A chart as SVG, with the texts drawn in it (in drawing order) for checking.
#[derive(Debug, Clone)]
pub struct RenderedChart {
    /// The SVG document.
    pub svg: String,
    /// Every text drawn, in order.
    pub texts: Vec<String>,
}

/// Parses `#rrggbb`.
pub fn parse_colour(text: &str) -> Option<RGBColor> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(RGBColor(channel(0)?, channel(2)?, channel(4)?))
}

/// Draws `section` as an SVG chart.
pub fn render(section: &SectionReport, typeface: &Typeface) -> Result<RenderedChart> {
    let fail = |reason: String| Error::Chart {
        section: section.id.clone(),
        reason,
    };
    let layout = Layout::of(section, typeface);
    let layer = Rc::new(RefCell::new(TextLayer::new(
        typeface.clone(),
        &format!("br-{}", section.id),
    )));
    let mut svg = String::new();
    {
        let backend = OutlinedTextBackend::new(&mut svg, (WIDTH, layout.height), layer.clone());
        let root = backend.into_drawing_area();
        root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
        draw(section, typeface, &layout, &root).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    let layer = layer.borrow();
    let svg = finish_svg(
        &svg,
        &section.id,
        &section.caption,
        &describe(section),
        &layer.to_svg(),
    )
    .ok_or_else(|| fail("plotters wrote no <svg> element".into()))?;
    Ok(RenderedChart {
        svg,
        texts: layer.texts().to_vec(),
    })
}

/// Sizes worked out before drawing.
struct Layout {
    legend_rows: Vec<Vec<usize>>,
    plot_height: f64,
    height: u32,
}

impl Layout {
    fn of(section: &SectionReport, typeface: &Typeface) -> Layout {
        let mut legend_rows: Vec<Vec<usize>> = vec![Vec::new()];
        let mut x = 0.0;
        for (i, series) in section.series.iter().enumerate() {
            let width = 22.0 + typeface.width(&series.label, 13.0, false);
            if x + width > f64::from(WIDTH - 2 * SIDE) && x > 0.0 {
                legend_rows.push(Vec::new());
                x = 0.0;
            }
            legend_rows.last_mut().expect("one row at least").push(i);
            x += width + 18.0;
        }
        let group = LABEL_BAND + section.series.len() as f64 * (BAR + BAR_GAP) + GROUP_GAP;
        let plot_height = group * section.rows.len() as f64;
        let height = HEADER
            + LEGEND_ROW * legend_rows.len() as u32
            + plot_height.ceil() as u32
            + AXIS_BAND
            + 6;
        Layout {
            legend_rows,
            plot_height,
            height,
        }
    }
}

fn font(size: f64, bold: bool, colour: RGBColor) -> TextStyle<'static> {
    let style = if bold {
        FontStyle::Bold
    } else {
        FontStyle::Normal
    };
    (FAMILY, size).into_font().style(style).color(&colour)
}

fn draw<DB: DrawingBackend>(
    section: &SectionReport,
    typeface: &Typeface,
    layout: &Layout,
    root: &DrawingArea<DB, Shift>,
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let colours: Vec<RGBColor> = section
        .series
        .iter()
        .map(|s| parse_colour(&s.colour).unwrap_or(BLACK))
        .collect();
    let left = Pos::new(HPos::Left, VPos::Center);

    // Title and legend, in pixels.
    let caption = match Scale::of(section) {
        Scale::Shared { .. } => section.caption.clone(),
        Scale::PerScenario { .. } => {
            format!("{} (each scenario to its own scale)", section.caption)
        }
    };
    root.draw(&Text::new(
        caption,
        (SIDE as i32, 8),
        font(15.0, true, INK).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    for (row, members) in layout.legend_rows.iter().enumerate() {
        let y = (HEADER + LEGEND_ROW * row as u32 + LEGEND_ROW / 2) as i32;
        let mut x = SIDE as i32;
        for &i in members {
            root.draw(&Rectangle::new(
                [(x, y - 6), (x + 12, y + 6)],
                colours[i].filled(),
            ))?;
            root.draw(&Text::new(
                section.series[i].label.clone(),
                (x + 18, y),
                font(13.0, false, INK).pos(left),
            ))?;
            x += 22 + typeface.width(&section.series[i].label, 13.0, false).ceil() as i32 + 18;
        }
    }

    // The bars, in data coordinates: x is nanoseconds on a shared axis, or each scenario's fraction of
    // its own longest bar; y counts pixels up from the axis.
    let top = HEADER + LEGEND_ROW * layout.legend_rows.len() as u32;
    let (_, body) = root.split_vertically(top);
    let scale = Scale::of(section);
    let x_max = scale.axis_end();
    let unit = format::unit_for(scale.shared_max().unwrap_or(1.0).max(1.0));
    let mut chart = ChartBuilder::on(&body)
        .margin_left(SIDE)
        .margin_right(SIDE)
        .x_label_area_size(AXIS_BAND)
        .build_cartesian_2d(0.0..x_max, 0.0..layout.plot_height)?;
    let formatter = |v: &f64| format::tick(*v, unit);
    let mut mesh = chart.configure_mesh();
    mesh.disable_y_mesh()
        .disable_y_axis()
        .y_labels(0)
        .max_light_lines(0)
        .bold_line_style(GRID.stroke_width(1))
        .axis_style(MUTED.stroke_width(1))
        .x_label_formatter(&formatter)
        .x_label_style(font(12.0, false, MUTED));
    match scale {
        // Ticks would mean nothing across scenarios of their own scales: the value labels say it all.
        Scale::PerScenario { .. } => mesh.x_labels(0).disable_x_mesh().draw()?,
        Scale::Shared { .. } => mesh.x_labels(6).draw()?,
    }

    let group = LABEL_BAND + section.series.len() as f64 * (BAR + BAR_GAP) + GROUP_GAP;
    for (r, row) in section.rows.iter().enumerate() {
        let group_top = layout.plot_height - r as f64 * group;
        let label_y = group_top - LABEL_BAND / 2.0;
        let label_width = typeface.width(&row.label, 13.0, true).ceil() as i32;
        chart.draw_series(std::iter::once(
            EmptyElement::at((0.0, label_y))
                + Text::new(row.label.clone(), (0, 0), font(13.0, true, INK).pos(left)),
        ))?;
        if let Some(speedup) = row.speedup.filter(|s| s.holds) {
            let callout = callout(section, &speedup);
            chart.draw_series(std::iter::once(
                EmptyElement::at((0.0, label_y))
                    + Text::new(
                        callout,
                        (label_width + 12, 0),
                        font(13.0, true, INK).pos(left),
                    ),
            ))?;
        }
        for (s, cell) in row.cells.iter().enumerate() {
            let bar_top = group_top - LABEL_BAND - s as f64 * (BAR + BAR_GAP);
            let bar_bottom = bar_top - BAR;
            let middle = (bar_top + bar_bottom) / 2.0;
            match cell {
                Cell::Measured(figure) => {
                    let t = figure.time;
                    let x = |ns: f64| scale.x(r, ns);
                    // The shortest figure still shows as a bar, however long the longest.
                    let end = x(t.point_ns).max(x_max * MIN_BAR);
                    chart.draw_series([
                        Rectangle::new([(0.0, bar_top), (end, bar_bottom)], colours[s].filled()),
                        Rectangle::new(
                            [(0.0, bar_top), (end, bar_bottom)],
                            BLACK.mix(0.35).stroke_width(1),
                        ),
                    ])?;
                    chart.draw_series(std::iter::once(PathElement::new(
                        vec![(x(t.lower_ns), middle), (x(t.upper_ns), middle)],
                        INK.stroke_width(1),
                    )))?;
                    let label_at = x(t.upper_ns.max(t.point_ns)).max(end);
                    chart.draw_series(std::iter::once(
                        EmptyElement::at((label_at, middle))
                            + Text::new(
                                format::with_rate(
                                    format::time(t.point_ns),
                                    t.throughput,
                                    t.point_ns,
                                ),
                                (6, 0),
                                font(12.0, false, INK).pos(left),
                            ),
                    ))?;
                }
                Cell::Missing { .. } => {
                    chart.draw_series(std::iter::once(
                        EmptyElement::at((0.0, middle))
                            + Rectangle::new([(0, -7), (36, 7)], MUTED.stroke_width(1))
                            + Text::new(
                                format!("no result for {}", section.series[s].label),
                                (42, 0),
                                font(12.0, false, MUTED).pos(left),
                            ),
                    ))?;
                }
                Cell::NotApplicable => {
                    chart.draw_series(std::iter::once(
                        EmptyElement::at((0.0, middle))
                            + Text::new(
                                format!("{}: not measured", section.series[s].label),
                                (0, 0),
                                font(12.0, false, MUTED).pos(left),
                            ),
                    ))?;
                }
            }
        }
    }
    Ok(())
}

/// The shortest a bar is drawn, as a fraction of the axis: a 40 ns bar beside a 4 ms one stays visible.
const MIN_BAR: f64 = 0.004;

/// Scenarios whose longest bars differ by more than this factor are each drawn to their own scale.
const OWN_SCALES: f64 = 20.0;

/// Where a bar ends. One axis for every scenario while their figures are alike; once scenarios
/// differ by orders of magnitude (1 KiB against 1 MiB), one axis would cut or flatten bars, so each
/// scenario is drawn to its own scale, its longest bar the full width, and the chart says so. No
/// bar is ever cut.
#[derive(Debug, Clone, PartialEq)]
pub enum Scale {
    /// One axis in nanoseconds, up to the largest figure (its interval included).
    Shared {
        /// The largest figure.
        max: f64,
    },
    /// Each scenario (row) to its own scale: its largest figure per row.
    PerScenario {
        /// The largest figure of each row.
        row_max: Vec<f64>,
    },
}

impl Scale {
    /// The scale `section` is drawn to.
    pub fn of(section: &SectionReport) -> Scale {
        let row_max: Vec<f64> = section
            .rows
            .iter()
            .map(|row| {
                row.cells
                    .iter()
                    .filter_map(Cell::figure)
                    .map(|f| f.time.upper_ns.max(f.time.point_ns))
                    .fold(0.0, f64::max)
            })
            .collect();
        let measured = row_max.iter().copied().filter(|m| *m > 0.0);
        let high = measured.clone().fold(0.0, f64::max);
        let low = measured.fold(f64::INFINITY, f64::min);
        if high > low * OWN_SCALES {
            Scale::PerScenario { row_max }
        } else {
            Scale::Shared { max: high }
        }
    }

    /// The axis' largest figure, on a shared axis.
    pub fn shared_max(&self) -> Option<f64> {
        match self {
            Scale::Shared { max } => Some(*max),
            Scale::PerScenario { .. } => None,
        }
    }

    /// The end of the axis, with room for the value labels.
    fn axis_end(&self) -> f64 {
        match self {
            Scale::Shared { max } if *max > 0.0 => max * 1.28,
            Scale::Shared { .. } => 1.0,
            Scale::PerScenario { .. } => 1.28,
        }
    }

    /// Where `ns` lies on row `row`'s scale.
    fn x(&self, row: usize, ns: f64) -> f64 {
        match self {
            Scale::Shared { .. } => ns,
            Scale::PerScenario { row_max } if row_max[row] > 0.0 => ns / row_max[row],
            Scale::PerScenario { .. } => 0.0,
        }
    }
}

/// "tinyjson 2.x 5.6× faster than tinyjson 1.x": a callout names both series.
fn callout(section: &SectionReport, speedup: &crate::report::Comparison) -> String {
    format!(
        "{} {} than {}",
        section.series[section.candidate].label,
        speedup.display(),
        section.series[speedup.against].label
    )
}

/// The chart in words, for the SVG's `<desc>`.
pub fn describe(section: &SectionReport) -> String {
    let scales = match Scale::of(section) {
        Scale::Shared { .. } => "",
        Scale::PerScenario { .. } => " Each scenario is drawn to its own scale.",
    };
    let mut out = format!(
        "{}. Bar chart; shorter bars are faster.{scales}",
        section.caption
    );
    for row in &section.rows {
        let cells: Vec<String> = row
            .cells
            .iter()
            .zip(&section.series)
            .map(|(cell, series)| match cell {
                Cell::Measured(f) => format!(
                    "{} {}",
                    series.label,
                    format::with_rate(
                        format::time(f.time.point_ns),
                        f.time.throughput,
                        f.time.point_ns
                    )
                ),
                Cell::Missing { .. } => format!("{} no result", series.label),
                Cell::NotApplicable => format!("{} not measured", series.label),
            })
            .collect();
        out.push_str(&format!(" {}: {}", row.label, cells.join(", ")));
        let candidate = &section.series[section.candidate].label;
        match row.speedup {
            Some(s) if s.holds => out.push_str(&format!(
                "; {candidate} is {} than {}.",
                s.display(),
                section.series[s.against].label
            )),
            Some(s) => out.push_str(&format!(
                "; no clear difference between {candidate} and {}.",
                section.series[s.against].label
            )),
            None => out.push('.'),
        }
    }
    out
}

/// Adds `role="img"`, `<title>` and `<desc>` to plotters' SVG and the outlined text before its end.
fn finish_svg(svg: &str, id: &str, title: &str, desc: &str, text_layer: &str) -> Option<String> {
    let open = svg.find("<svg")?;
    let open_end = open + svg[open..].find('>')?;
    let close = svg.rfind("</svg>")?;
    if close < open_end {
        return None;
    }
    let mut out = String::with_capacity(svg.len() + text_layer.len() + 512);
    out.push_str(&svg[..open_end]);
    out.push_str(&format!(
        " role=\"img\" aria-labelledby=\"br-{id}-title br-{id}-desc\">\n<title id=\"br-{id}-title\">{}</title>\n<desc id=\"br-{id}-desc\">{}</desc>",
        escape(title),
        escape(desc)
    ));
    out.push_str(&svg[open_end + 1..close]);
    out.push_str(text_layer);
    out.push_str(&svg[close..]);
    Some(out)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
