// Saves text the renderer produced as a file, through the host's ordinary download path.
/** Offers `text` as a download named `name` (a Blob URL and an <a download>, then revoked). */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the Blob by now; revoking later frees it without racing that read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
