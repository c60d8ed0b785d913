// The part of opentype.js (no types of its own; @types/opentype.js pulls in the DOM
// library, which clashes with Node's) that the avatar art uses.
declare module 'opentype.js' {
  type Path = { toPathData(decimalPlaces?: number): string };
  type Font = {
    charToGlyphIndex(character: string): number;
    getAdvanceWidth(text: string, fontSize?: number): number;
    getPath(text: string, x: number, y: number, fontSize: number): Path;
  };
  const opentype: { parse(buffer: ArrayBuffer): Font };

  export type { Font, Path };
  export default opentype;
}
