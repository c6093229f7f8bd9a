use std::collections::BTreeMap;

pub fn render(template: &str, fields: &BTreeMap<String, String>) -> String {
    let mut out = template.to_string();
    for (k, v) in fields {
        out = out.replace(&format!("{{{}}}", k), v);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_every_field() {
        let mut f = BTreeMap::new();
        f.insert("name".to_string(), "Ada".to_string());
        f.insert("day".to_string(), "Monday".to_string());
        assert_eq!(render("Hi {name}, see you {day}.", &f), "Hi Ada, see you Monday.");
    }
}
