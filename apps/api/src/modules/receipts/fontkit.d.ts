// The part of fontkit (a dependency of pdfkit, which ships no types) that receipt-pdf.ts uses:
// parsing a TrueType font once, to hand the parsed font to every PDF document.
declare module 'fontkit' {
  /** A parsed font; pdfkit recognises it by its `layout` method. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(data: Uint8Array, postscriptName?: string): Font;
}
