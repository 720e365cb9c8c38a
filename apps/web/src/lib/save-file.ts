/** Save `blob` as a download named `name`, the way a link with a `download` attribute does. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file only after the click returns: let go of it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
