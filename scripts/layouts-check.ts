// npm run layouts:check [-- path ...] — validates report layouts: each path a layout file or a folder of them (default
// ./layouts); exit code 1 on any error.
import { checkLayouts } from '../src/server/layouts/check-layouts.ts';
import { formatLayoutIssue } from '../src/shared/layout/validate-layout.ts';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const paths = process.argv.slice(2);
const { files, errors, warnings } = await checkLayouts(paths.length > 0 ? paths : ['layouts']);
for (const warning of warnings) console.warn(`warning: ${formatLayoutIssue(warning)}`);
for (const error of errors) console.error(`error: ${formatLayoutIssue(error)}`);
if (errors.length > 0) {
  const failed = [...new Set(errors.map((error) => error.file))];
  const where = failed.length === 1 ? failed[0] : `${failed.length} of ${count(files, 'layout file')}`;
  console.error(`${count(errors.length, 'error')} in ${where}`);
  process.exitCode = 1;
} else {
  console.log(`${count(files, 'layout')} OK`);
}
