/** Hands a file to the browser's download (PNG and SVG exports). */
export function download(
  name: string,
  data: Blob | string,
  type = 'application/octet-stream',
): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
