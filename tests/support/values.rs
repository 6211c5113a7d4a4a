//! Walking a log document as a JSON value: the paths of its scalars and the value at a path
//! (the tamper tests change one value at a time).

use serde_json::Value;

/// Every scalar of `v` as its path of keys and list indices, in document order; nulls only if
/// `with_null`.
pub fn scalar_paths(v: &Value, with_null: bool) -> Vec<Vec<String>> {
    fn walk(v: &Value, with_null: bool, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, x)| {
                path.push(k.clone());
                walk(x, with_null, path, out);
                path.pop();
            }),
            Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| {
                path.push(i.to_string());
                walk(x, with_null, path, out);
                path.pop();
            }),
            Value::Null if !with_null => {}
            _ => out.push(path.clone()),
        }
    }
    let mut out = Vec::new();
    walk(v, with_null, &mut Vec::new(), &mut out);
    out
}

/// The value at `path` (from [`scalar_paths`]).
pub fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match v {
        Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        other => &mut other[k.as_str()],
    })
}
