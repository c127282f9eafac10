// The page shows the API's sanitized `html` render with one presentational addition: code
// blocks scroll sideways at narrow widths, and a scrollable region must be reachable by keyboard
// (WCAG 2.1.1, axe `scrollable-region-focusable`), so each <pre> gets tabindex="0". The input
// is the renderer's output, whose <pre> tags carry no tabindex of their own.
export function readableHtml(rendered: string): string {
  return rendered.replace(/<pre(?=[\s>])/g, '<pre tabindex="0"');
}
