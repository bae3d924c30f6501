import { separateShell } from './build/separate-shell';

/** The desktop client's UI (issue 30), at /desktop/. */
export default separateShell('desktop');
