/**
 * The emulated adbd's command table (issue 53), for the access-table walk of the server's tests: what
 * each shell command asks of the phone, as the shell checks it before it runs.
 */
export { asked, COMMANDS, REDIRECT_ASKS } from '../src/drivers/virtual/adb/shell/command-table';
