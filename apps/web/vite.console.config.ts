import { separateShell } from './build/separate-shell';

/** The console (issue 62), at /console/: a merchant's staff. */
export default separateShell('console');
