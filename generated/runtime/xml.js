// Some middleware answers XML where JSON was asked for (the token call's `<AccessToken>`, the router's
// `<Url>`). Those answers are flat, so one element's text is all the client needs; no XML parser is loaded.
/** The text of the first element named `name` (any namespace prefix), entities decoded; undefined if absent. */
export function xmlField(xml, name) {
  const m = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml);
  if (m === null) return undefined;
  return m[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .trim();
}
