/**
 * Line folding as RFC 5545 (3.1) asks: no line longer than 75 octets without its CRLF, a
 * continuation line starting with one space, and no UTF-8 character split across lines. ical.js
 * folds 75 octets of content and then adds the space, which makes 76-octet lines; the feed refolds
 * its text with {@link refold}.
 *
 * @module
 */

const MAX_OCTETS = 75;

const octetsOf = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** One unfolded content line, folded into physical lines of at most 75 octets each. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = octetsOf(char.codePointAt(0)!);
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line counts
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/**
 * Unfolds iCalendar text and folds it again at 75 octets. Text values are escaped (a newline is
 * `\n`), so a CRLF followed by a space is always a fold.
 */
export function refold(text: string): string {
  return text.replace(/\r\n /g, '').split('\r\n').map(foldLine).join('\r\n');
}
