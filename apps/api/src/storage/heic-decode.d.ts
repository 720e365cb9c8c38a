// heic-decode ships no types; the photo pipeline uses this much of it (libheif as WebAssembly).
declare module 'heic-decode' {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray };
  type Image = { width: number; height: number; decode: () => Promise<Decoded> };
  const decode: ((input: { buffer: ArrayBufferLike | Uint8Array }) => Promise<Decoded>) & {
    all: (input: { buffer: ArrayBufferLike | Uint8Array }) => Promise<Image[] & { dispose?: () => void }>;
  };
  export default decode;
}
