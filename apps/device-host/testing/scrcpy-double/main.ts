import { createHash } from 'node:crypto';
import { startScrcpyDouble } from './scrcpy-double';

/**
 * The scrcpy double as a process of its own (`tsx …/main.ts [devices]`), for the end-to-end tests
 * (issue 60): its screens are encoded here, not in the host under test. It prints its devices'
 * addresses as a JSON line, then `unit <sha256>` for each video packet it sends.
 */
const double = await startScrcpyDouble(Number(process.argv[2] ?? 1));
for (const device of double.devices)
  device.onUnit = (unit) => process.stdout.write(`unit ${createHash('sha256').update(unit).digest('hex')}\n`);
process.stdout.write(`${JSON.stringify({ addresses: double.addresses })}\n`);
process.on('SIGTERM', () => void double.close().then(() => process.exit(0)));
