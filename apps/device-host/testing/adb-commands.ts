/**
 * What each shell command asks of the phone (issue 53), for the access-table walk of the server's
 * tests: the table both daemons check a command line by before it runs.
 */
export { asksOfLine, COMMAND_ASKS } from '../src/adb/command-asks';
