/**
 * How many adb connections a host holds, and how long one may stay without signing in (issue 47): a
 * stranger who opens thousands of sockets and sends nothing holds at most a cap's worth of the
 * process's descriptors, for seconds — the embedded host runs in the API's process.
 */
export interface AdbDoorLimits {
  /** How long a connection may stay without signing in (unauthorized included). */
  signInMs: number;
  /** Connections to one phone's endpoint: adb holds one per device, a user a few. */
  perPhone: number;
  /** Connections from one address, to all the host's phones (a user's phones share a NAT). */
  perAddress: number;
  /** Connections to the host as a whole. */
  perHost: number;
}

export const ADB_DOOR_LIMITS: AdbDoorLimits = { signInMs: 10_000, perPhone: 16, perAddress: 64, perHost: 512 };

/** What the door needs of a connection. */
export interface DoorConnection {
  /** Defined once the client signed in with one of the owner's keys. */
  readonly signedInWith: string | undefined;
  close(): void;
}

interface Held {
  connection: DoorConnection;
  instanceNo: string;
  address: string;
}

/**
 * Every adb connection of a host, oldest first. A new one over a cap makes room by closing the oldest
 * connection in that cap's group that has not signed in — a flood of silent sockets cannot keep out a
 * client that signs in — and is itself refused when everyone in the group has signed in.
 */
export class AdbDoor {
  private readonly held = new Map<DoorConnection, Held>();

  constructor(readonly limits: AdbDoorLimits = ADB_DOOR_LIMITS) {}

  /** Lets `connection` in (true), making room for it, or refuses it (false): the caller closes it then. */
  admit(connection: DoorConnection, instanceNo: string, address: string): boolean {
    const groups: [(held: Held) => boolean, number][] = [
      [(held) => held.instanceNo === instanceNo, this.limits.perPhone],
      [(held) => held.address === address, this.limits.perAddress],
      [() => true, this.limits.perHost],
    ];
    for (const [inGroup, cap] of groups) {
      const group = [...this.held.values()].filter(inGroup);
      if (group.length < cap) continue;
      const idle = group.find((held) => held.connection.signedInWith === undefined);
      if (!idle) return false;
      this.leave(idle.connection);
      idle.connection.close();
    }
    this.held.set(connection, { connection, instanceNo, address });
    return true;
  }

  /** The connection closed. */
  leave(connection: DoorConnection): void {
    this.held.delete(connection);
  }

  get size(): number {
    return this.held.size;
  }
}
