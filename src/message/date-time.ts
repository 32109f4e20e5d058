// RFC 3339 `date-time` reader: YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM), with a real
// calendar date (proleptic Gregorian, leap years included). Upper-case "T" and "Z" only, no
// leap second (":60"): the message time must map to one instant.
import { isDigit } from "./char-codes.js";

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return -1;
    value = value * 10 + (code - 0x30);
  }
  return value;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to the given civil date (H. Hinnant's algorithm; any year 0..9999). */
function daysFromCivil(year: number, month: number, day: number): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * The instant an RFC 3339 date-time names, in milliseconds since the Unix epoch, or NaN when
 * `text` is not one. Digits of the fraction beyond milliseconds are read but not used.
 */
export function parseDateTime(text: string): number {
  const length = text.length;
  // Shortest: 2021-09-30T16:25:24Z (20 characters).
  if (length < 20) return Number.NaN;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (
    year < 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    text.charCodeAt(4) !== 0x2d ||
    text.charCodeAt(7) !== 0x2d ||
    text.charCodeAt(10) !== 0x54 ||
    text.charCodeAt(13) !== 0x3a ||
    text.charCodeAt(16) !== 0x3a ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59 ||
    day > daysInMonth(year, month)
  ) {
    return Number.NaN;
  }
  let index = 19;
  let milliseconds = 0;
  if (text.charCodeAt(index) === 0x2e) {
    index++;
    const fractionStart = index;
    while (index < length && isDigit(text.charCodeAt(index))) {
      if (index - fractionStart < 3) milliseconds += (text.charCodeAt(index) - 0x30) * 10 ** (2 - (index - fractionStart));
      index++;
    }
    if (index === fractionStart) return Number.NaN;
  }
  let offsetMinutes = 0;
  const zone = text.charCodeAt(index);
  if (zone === 0x5a) {
    index++;
  } else if (zone === 0x2b || zone === 0x2d) {
    if (length - index !== 6 || text.charCodeAt(index + 3) !== 0x3a) return Number.NaN;
    const offsetHour = digitsAt(text, index + 1, 2);
    const offsetMinute = digitsAt(text, index + 4, 2);
    if (offsetHour < 0 || offsetHour > 23 || offsetMinute < 0 || offsetMinute > 59) return Number.NaN;
    offsetMinutes = (offsetHour * 60 + offsetMinute) * (zone === 0x2d ? -1 : 1);
    index += 6;
  } else {
    return Number.NaN;
  }
  if (index !== length) return Number.NaN;
  return (
    daysFromCivil(year, month, day) * MS_PER_DAY +
    ((hour * 60 + minute) * 60 + second) * 1000 +
    milliseconds -
    offsetMinutes * MS_PER_MINUTE
  );
}

/** True when `text` is an RFC 3339 date-time with a real calendar date and a zone. */
export function isDateTime(text: string): boolean {
  return !Number.isNaN(parseDateTime(text));
}
