/** Saves `text` as a file named `name` (a data: URL clicked with `download`, never opened). */
export function downloadText(name: string, text: string, type = 'text/plain'): void {
  const link = document.createElement('a');
  link.href = `data:${type};charset=utf-8,${encodeURIComponent(text)}`;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}
