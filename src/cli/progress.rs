//! Progress on a terminal while long moves are decided: a never-ending move is decided by
//! following its cycle, which can take seconds (KETE-A7, ZAN-27, KIN-A8). Shown on stderr only
//! when it is a terminal, and only once the wait is long enough to notice; nothing when piped.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bao_rules::cycle::laps_watched;

/// How long a command runs before its progress is shown.
const QUIET: Duration = Duration::from_millis(500);
const EVERY: Duration = Duration::from_millis(200);

/// Runs `work`, saying on a terminal how many laps of long moves it has followed so far; the line
/// is cleared when the work is done.
pub fn while_deciding<T>(what: &str, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let done = AtomicBool::new(false);
    let before = laps_watched();
    let started = Instant::now();
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut shown = false;
            while !done.load(Ordering::Relaxed) {
                std::thread::park_timeout(EVERY);
                let laps = laps_watched() - before;
                if done.load(Ordering::Relaxed) || started.elapsed() < QUIET || laps == 0 {
                    continue;
                }
                let mut err = std::io::stderr().lock();
                let _ = write!(
                    err,
                    "\r\x1b[K{what}: {} laps of long moves followed ({} s)",
                    thousands(laps),
                    started.elapsed().as_secs()
                );
                let _ = err.flush();
                shown = true;
            }
            if shown {
                let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
            }
        });
        let out = work();
        done.store(true, Ordering::Relaxed);
        watcher.thread().unpark();
        let _ = watcher.join();
        out
    })
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands() {
        assert_eq!(super::thousands(0), "0");
        assert_eq!(super::thousands(999), "999");
        assert_eq!(super::thousands(1_048_576), "1,048,576");
    }
}
