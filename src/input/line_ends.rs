//! The lines of a text, whatever ends them: the one splitting of a file into lines, for telling
//! its form and for reading a transcript.

/// The lines of `text` with the byte offset of each: CR, LF and CRLF all end a line (classic Mac
/// files are one line otherwise). The line ends are left out.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |i| start + i);
        at = match bytes.get(end) {
            Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        Some((start, &text[start..end]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cr_lf_and_crlf_end_lines_alike() {
        let text = "a\rb\r\nc\nd";
        let got: Vec<(usize, &str)> = lines(text).collect();
        assert_eq!(got, [(0, "a"), (2, "b"), (5, "c"), (7, "d")]);
        assert_eq!(lines("\n\n").count(), 2);
    }
}
