/// Splits one line on commas, trimming each field. No quoting.
pub fn split_line(line: &str) -> Vec<String> {
    line.split(',').map(|f| f.trim().to_string()).collect()
}

/// Header and data rows (with their 1-based line numbers); blank lines are skipped.
pub fn split_table(text: &str) -> Option<(Vec<String>, Vec<(usize, Vec<String>)>)> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next()?;
    let rows = lines.map(|(i, l)| (i + 1, split_line(l))).collect();
    Some((split_line(header), rows))
}

/// Checks a row's width and that no field is empty.
pub fn check_row(line: usize, fields: &[String], width: usize) -> Option<String> {
    if fields.len() != width {
        return Some(format!("line {line}: {} fields, expected {width}", fields.len()));
    }
    fields
        .iter()
        .position(String::is_empty)
        .map(|col| format!("line {line}: field {} is empty", col + 1))
}
