// npm run layouts:check [dir] — validates every report layout (default ./layouts); exit code 1 on any error.
import { checkLayoutsDir } from '../src/server/layouts/check-layouts.ts';
import { formatLayoutIssue } from '../src/shared/layout/validate-layout.ts';

const dir = process.argv[2] ?? 'layouts';
const { files, errors, warnings } = await checkLayoutsDir(dir);
for (const warning of warnings) console.warn(`warning: ${formatLayoutIssue(warning)}`);
for (const error of errors) console.error(`error: ${formatLayoutIssue(error)}`);
if (errors.length > 0) {
  console.error(`${errors.length} error(s) in layouts of ${dir}`);
  process.exitCode = 1;
} else {
  console.log(`${files} layouts OK`);
}
