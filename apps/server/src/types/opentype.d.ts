// The part of opentype.js (no types of its own; @types/opentype.js pulls in the DOM
// library, which clashes with Node's) that the server's text drawing uses (platform/cjk-font.ts).
declare module 'opentype.js' {
  type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };
  type Path = {
    commands: PathCommand[];
    toPathData(decimalPlaces?: number): string;
  };
  type Font = {
    charToGlyphIndex(character: string): number;
    getAdvanceWidth(text: string, fontSize?: number): number;
    getPath(text: string, x: number, y: number, fontSize: number): Path;
  };
  const opentype: { parse(buffer: ArrayBuffer): Font };

  export type { Font, Path, PathCommand };
  export default opentype;
}
