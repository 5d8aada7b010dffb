//! JSON values to Python objects and back: the reports and messages of the oracle are JSON data
//! (serde_json), so Python gets them with the same field names, converted in one place.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::{IntoPyObjectExt, PyObject};
use serde_json::{Map, Value};

/// A JSON value as Python's `json.loads` would give it.
pub fn to_py(py: Python<'_>, value: &Value) -> PyResult<PyObject> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_py_any(py)?
            } else if let Some(u) = n.as_u64() {
                u.into_py_any(py)?
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?
            }
        }
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// A JSON document (text the oracle wrote) as Python data.
pub fn json_to_py(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| PyTypeError::new_err(format!("the oracle wrote invalid JSON: {e}")))?;
    to_py(py, &value)
}

/// How deep Python data may nest to be read as JSON: a protocol message is a few levels deep; a
/// cyclic or 200,000-deep answer is refused rather than overflowing the stack (round four's K11).
pub const MAX_DEPTH: usize = 64;

/// Python data (what `json.dumps` accepts: dicts with string keys, lists, tuples, strings,
/// numbers, booleans, None) as a JSON value.
pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    from_py_at(obj, 0)
}

fn from_py_at(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "the data nests more than {MAX_DEPTH} levels deep (or holds itself): no message of \
             the protocol does"
        )));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.downcast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::from(u));
        }
        // Beyond 64 bits: JSON numbers have no bound, serde_json's do; as its decimal text.
        let text = obj.str()?.to_string();
        return serde_json::from_str(&text)
            .map_err(|_| PyTypeError::new_err(format!("{text} is not a JSON number")));
    }
    if let Ok(f) = obj.downcast::<PyFloat>() {
        let f = f.value();
        return serde_json::Number::from_f64(f)
            .map(Value::Number)
            .ok_or_else(|| PyTypeError::new_err(format!("{f} is not a JSON number")));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(dict) = obj.downcast::<PyDict>() {
        let mut map = Map::new();
        for (k, v) in dict.iter() {
            let key = k.downcast::<PyString>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "a JSON object's keys are strings, not {}",
                    k.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })?;
            map.insert(key.to_cow()?.into_owned(), from_py_at(&v, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(list) = obj.downcast::<PyList>() {
        return list
            .iter()
            .map(|v| from_py_at(&v, depth + 1))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    if let Ok(tuple) = obj.downcast::<PyTuple>() {
        return tuple
            .iter()
            .map(|v| from_py_at(&v, depth + 1))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    Err(PyTypeError::new_err(format!(
        "{} is not JSON data (a dict, list, str, int, float, bool or None)",
        obj.get_type().name()?
    )))
}

/// A ruleset id from Python (`"bao-la-kete"`), resolved where it enters: a name that is no game
/// raises SetupError (`unknown-ruleset`, a `ValueError`) with the nearest id, as the command line
/// refuses it.
#[derive(Clone, Copy, Debug)]
pub struct RulesetArg(pub bao_rules::Ruleset);

impl<'py> FromPyObject<'py> for RulesetArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        let name: String = ob.extract()?;
        bao_rules::Ruleset::from_name(&name)
            .map(RulesetArg)
            .map_err(|e| {
                crate::error::Refusal::setup(
                    bao_oracle::diagnostics::Code::UnknownRuleset,
                    None,
                    e.to_string(),
                    None,
                )
                .into_err(ob.py())
            })
    }
}
