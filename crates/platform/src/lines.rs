//! Reading newline-delimited text from an untrusted peer: every line is
//! capped in length and checked to be UTF-8, so an over-long or binary
//! line is one refused line, not the end of the session or of memory.

use std::io::{self, BufRead};

/// The longest line read, in bytes (newline excluded): far above any
/// observation of any game, far below what could hurt.
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text (without its line ending).
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (read and dropped whole).
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads the next line, or `None` at the end of the input. `buf` is
/// scratch space reused between calls.
///
/// # Errors
/// Only errors of the input itself.
pub fn read_line(input: &mut dyn BufRead, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        if !too_long {
            // One more byte than the cap, for a line ending in CR LF.
            if buf.len() + chunk.len() > MAX_LINE + 1 {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(available.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if too_long || buf.len() > MAX_LINE {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(match std::str::from_utf8(buf) {
        Ok(text) => Line::Text(text.to_string()),
        Err(_) => Line::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(7, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(line) = read_line(&mut reader, &mut buf).unwrap() {
            out.push(line);
        }
        out
    }

    #[test]
    fn lines_bad_bytes_and_long_lines() {
        let mut input = b"hello\r\n\xff\xfe\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        input.extend(b"\nlast");
        assert_eq!(
            all(&input),
            [
                Line::Text("hello".into()),
                Line::NotUtf8,
                Line::TooLong,
                Line::Text("last".into())
            ]
        );
        assert_eq!(all(b""), []);
        assert_eq!(all(b"\n"), [Line::Text(String::new())]);
        // Exactly at the cap is still a line, with a CR LF too.
        let mut exact = vec![b'y'; MAX_LINE];
        assert_eq!(all(&exact), [Line::Text("y".repeat(MAX_LINE))]);
        exact.extend(b"\r\n");
        assert_eq!(all(&exact), [Line::Text("y".repeat(MAX_LINE))]);
        let mut over = vec![b'y'; MAX_LINE + 1];
        over.extend(b"\r\n");
        assert_eq!(all(&over), [Line::TooLong]);
    }
}
