//! Calendar days (UTC): the dates a game publishes content by (a daily
//! puzzle) and front ends keep calendars by (leaderboards, streaks). No
//! clock: a front end says what today is.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A day of the proleptic Gregorian calendar, years 0001 to 9999.
///
/// Its text form (and JSON form, a string) is `YYYY-MM-DD`, read strictly:
/// four-digit year, two-digit month and day, a day that exists in that month
/// (leap years included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a date is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not of the form `YYYY-MM-DD`.
    #[error("{0:?} is not a date of the form YYYY-MM-DD")]
    Format(String),
    /// A year outside 1 to 9999.
    #[error("year {0} is outside 0001 to 9999")]
    Year(i64),
    /// A month outside 1 to 12.
    #[error("month {0} does not exist; months run from 01 to 12")]
    Month(u32),
    /// A day the month does not have.
    #[error("{year:04}-{month:02} has {days} days, not {day}")]
    Day {
        /// The year.
        year: u16,
        /// The month.
        month: u8,
        /// The day asked for.
        day: u32,
        /// The days of that month.
        days: u8,
    },
}

/// Whether `year` is a leap year of the Gregorian calendar.
pub fn is_leap_year(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// The number of days of a month (1–12) of a year.
///
/// # Panics
/// If the month is not 1 to 12.
pub fn days_in_month(year: i64, month: u32) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => panic!("month {month} does not exist"),
    }
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar
/// (Howard Hinnant's `days_from_civil`); no validation.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `days` after 1970-01-01 as `(year, month, day)` (the inverse of
/// [`days_from_civil`]).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

impl Date {
    /// A date, if it exists.
    ///
    /// # Errors
    /// If the year is outside 1 to 9999, the month outside 1 to 12, or the
    /// month has no such day.
    pub fn new(year: i64, month: u32, day: u32) -> Result<Date, DateError> {
        if !(1..=9999).contains(&year) {
            return Err(DateError::Year(year));
        }
        if !(1..=12).contains(&month) {
            return Err(DateError::Month(month));
        }
        let days = days_in_month(year, month);
        if day == 0 || day > u32::from(days) {
            return Err(DateError::Day {
                year: year as u16,
                month: month as u8,
                day,
                days,
            });
        }
        Ok(Date {
            year: year as u16,
            month: month as u8,
            day: day as u8,
        })
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before).
    pub fn days_since_epoch(self) -> i64 {
        days_from_civil(i64::from(self.year), u32::from(self.month), u32::from(self.day))
    }

    /// The date `days` after 1970-01-01, if its year is within 1 to 9999.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        let (y, m, d) = civil_from_days(days);
        Date::new(y, m, d).ok()
    }

    /// The next day, if there is one before 10000.
    pub fn next(self) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() + 1)
    }

    /// The previous day, if there is one after year 0.
    pub fn previous(self) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() - 1)
    }
}

impl fmt::Display for Date {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let b = text.as_bytes();
        let digits = |range: std::ops::Range<usize>| {
            b[range].iter().try_fold(0u32, |acc, &c| {
                c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
            })
        };
        let format = || DateError::Format(text.to_string());
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(format());
        }
        let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10)) else {
            return Err(format());
        };
        Date::new(i64::from(y), m, d)
    }
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
