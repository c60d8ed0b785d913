// A strict reader of the XML subset sitemaps use (a declaration, elements, attributes,
// text, the five named entities and character references, comments), for tests: it
// throws on anything not well-formed (an unclosed or crossed tag, a bare `&` or `<`, a
// second root, text outside the root), so a test learns when the server's XML would be
// refused by a crawler's parser. No XML parser is a dependency of the server.

export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded (its children's text not included). */
  text: string;
};

const NAME = /[A-Za-z_:][\w.:-]*/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (raw.includes('<')) throw new Error(`a bare '<' near offset ${at}`);
  return raw.replace(/&([^;]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) throw new Error(`a bare '&' near offset ${at}`);
    if (body in NAMED) return NAMED[body] as string;
    const code = /^#x[0-9a-fA-F]+$/.test(body)
      ? Number.parseInt(body.slice(2), 16)
      : /^#\d+$/.test(body)
        ? Number(body.slice(1))
        : Number.NaN;
    if (Number.isNaN(code)) throw new Error(`an unknown entity &${body}; near offset ${at}`);
    return String.fromCodePoint(code);
  });
}

/** Parses `xml` into its root element; throws when it is not well-formed. */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  const skipSpace = () => {
    while (i < xml.length && /\s/.test(xml[i] as string)) i++;
  };
  const readName = (): string => {
    NAME.lastIndex = i;
    const match = NAME.exec(xml);
    if (!match) return fail('a name expected');
    i += match[0].length;
    return match[0];
  };
  const skipComments = () => {
    for (skipSpace(); xml.startsWith('<!--', i); skipSpace()) {
      const end = xml.indexOf('-->', i + 4);
      if (end < 0) fail('an unclosed comment');
      i = end + 3;
    }
  };

  const readElement = (): XmlElement => {
    if (xml[i] !== '<') fail("'<' expected");
    i++;
    const element: XmlElement = { name: readName(), attributes: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return element;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('a space before an attribute expected');
      const name = readName();
      if (name in element.attributes) fail(`attribute ${name} given twice`);
      skipSpace();
      if (xml[i] !== '=') fail("'=' expected");
      i++;
      skipSpace();
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") return fail('a quoted value expected');
      const end = xml.indexOf(quote, i + 1);
      if (end < 0) fail('an unclosed attribute value');
      element.attributes[name] = decode(xml.slice(i + 1, end), i);
      i = end + 1;
    }
    for (;;) {
      const next = xml.indexOf('<', i);
      if (next < 0) fail(`</${element.name}> missing`);
      element.text += decode(xml.slice(i, next), i);
      i = next;
      if (xml.startsWith('<!--', i)) {
        skipComments();
      } else if (xml.startsWith('</', i)) {
        i += 2;
        const name = readName();
        if (name !== element.name) fail(`</${element.name}> expected, </${name}> found`);
        skipSpace();
        if (xml[i] !== '>') fail("'>' expected");
        i++;
        return element;
      } else {
        element.children.push(readElement());
      }
    }
  };

  if (xml.startsWith('<?xml', 0)) {
    const end = xml.indexOf('?>');
    if (end < 0) fail('an unclosed declaration');
    i = end + 2;
  }
  skipComments();
  const root = readElement();
  skipComments();
  if (i !== xml.length) fail('nothing may follow the root element');
  return root;
}

/** The text of each child named `name` of each element, in order. */
export function childTexts(elements: readonly XmlElement[], name: string): string[] {
  return elements.flatMap((element) => element.children.filter((c) => c.name === name).map((c) => c.text));
}
