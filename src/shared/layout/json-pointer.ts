/** JSON pointer (RFC 6901) of a path: `jsonPointer('panels', 'a/b', 0)` is `/panels/a~1b/0`. */
export function jsonPointer(...segments: (string | number)[]): string {
  return segments.map((segment) => '/' + String(segment).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}
