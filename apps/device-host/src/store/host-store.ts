import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import type { HostPhoneState } from '@cloudphone/contracts/host-api';
import type { PhoneState } from '../drivers/virtual/phone-state';
import type { Snapshot } from '../phones/snapshots';
import type { Task } from '../phones/tasks';

const TASK_COLUMNS = `select id, instance_no as instanceNo, kind, created_at as createdAt, start_at as startAt,
  finish_at as finishAt, failed_reason as failedReason, state, progress, request, stage from task`;

/**
 * The host's own store (DESIGN §4): each phone as one JSON document, and the tasks. Phones
 * survive a host restart because everything a phone is lives here.
 */
export class HostStore {
  private readonly db: SQLite.Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      create table if not exists phone (instance_no text primary key, state text not null);
      create table if not exists task (
        id text primary key, instance_no text not null, kind text not null, created_at integer not null,
        start_at integer not null, finish_at integer not null, failed_reason text);
      create index if not exists task_instance_idx on task (instance_no);
      create table if not exists revocation (instance_no text not null, user_id integer, before integer not null);
      create table if not exists snapshot (id text primary key, snapshot text not null);
      create table if not exists phone_policy (instance_no text primary key, state text not null);`);
    // Tasks whose state is kept rather than timed (pushes) came later: older stores gain the columns.
    const columns = new Set(
      (this.db.prepare('pragma table_info(task)').all() as { name: string }[]).map((c) => c.name),
    );
    for (const [name, type] of [
      ['state', 'text'],
      ['progress', 'integer'],
      ['request', 'text'],
      ['stage', 'text'],
    ] as const)
      if (!columns.has(name)) this.db.exec(`alter table task add column ${name} ${type}`);
  }

  loadPhones(): PhoneState[] {
    const rows = this.db.prepare('select state from phone').all() as { state: string }[];
    return rows.map((r) => JSON.parse(r.state) as PhoneState);
  }

  loadPhone(instanceNo: string): PhoneState | undefined {
    const row = this.db.prepare('select state from phone where instance_no = ?').get(instanceNo) as
      { state: string } | undefined;
    return row && (JSON.parse(row.state) as PhoneState);
  }

  savePhone(state: PhoneState): void {
    this.db
      .prepare(
        'insert into phone (instance_no, state) values (?, ?) on conflict (instance_no) do update set state = excluded.state',
      )
      .run(state.instanceNo, JSON.stringify(state));
  }

  deletePhone(instanceNo: string): void {
    this.db.prepare('delete from phone where instance_no = ?').run(instanceNo);
  }

  saveTask(task: Task): void {
    this.db
      .prepare(
        `insert into task (id, instance_no, kind, created_at, start_at, finish_at, failed_reason, state, progress, request, stage)
         values (@id, @instanceNo, @kind, @createdAt, @startAt, @finishAt, @failedReason, @state, @progress, @request, @stage)`,
      )
      .run({ state: null, progress: null, request: null, stage: null, ...task });
  }

  /** A kept-state task moved on (a push's progress, its end). */
  updateTask(
    id: string,
    change: { state: string; progress: number; failedReason: string | null; finishAt: number; stage: string | null },
  ) {
    this.db
      .prepare(
        `update task set state = @state, progress = @progress, failed_reason = @failedReason, finish_at = @finishAt,
         stage = @stage where id = @id`,
      )
      .run({ id, ...change });
  }

  task(id: string): Task | undefined {
    return this.db.prepare(`${TASK_COLUMNS} where id = ?`).get(id) as Task | undefined;
  }

  /** Kept-state tasks still running: a restarted host resumes them. */
  runningTasks(kind: string): Task[] {
    return this.db.prepare(`${TASK_COLUMNS} where kind = ? and state = 'running'`).all(kind) as Task[];
  }

  /** Keeps a snapshot; one of the same id already kept stays as it was (the first taking wins). */
  saveSnapshot(snapshot: Snapshot): void {
    this.db
      .prepare('insert into snapshot (id, snapshot) values (?, ?) on conflict (id) do nothing')
      .run(snapshot.id, JSON.stringify(snapshot));
  }

  snapshot(id: string): Snapshot | undefined {
    const row = this.db.prepare('select snapshot from snapshot where id = ?').get(id) as
      { snapshot: string } | undefined;
    return row && (JSON.parse(row.snapshot) as Snapshot);
  }

  deleteSnapshot(id: string): void {
    this.db.prepare('delete from snapshot where id = ?').run(id);
  }

  /** Access to an instance ended early: keys issued before `before` (for one user, or all) are refused. */
  addRevocation(instanceNo: string, userId: number | null, before: number): void {
    this.db
      .prepare(
        'insert into revocation select ?, ?, ? where not exists (select 1 from revocation where instance_no = ? and user_id is ? and before = ?)',
      )
      .run(instanceNo, userId, before, instanceNo, userId, before);
  }

  revocations(): { instanceNo: string; userId: number | null; before: number }[] {
    return this.db.prepare('select instance_no as instanceNo, user_id as userId, before from revocation').all() as {
      instanceNo: string;
      userId: number | null;
      before: number;
    }[];
  }

  /** The locks the control plane told for each phone (issue 20), kept so a restarted host still refuses. */
  loadPolicies(): HostPhoneState[] {
    const rows = this.db.prepare('select state from phone_policy').all() as { state: string }[];
    return rows.map((r) => JSON.parse(r.state) as HostPhoneState);
  }

  savePolicy(state: HostPhoneState): void {
    this.db
      .prepare(
        'insert into phone_policy (instance_no, state) values (?, ?) on conflict (instance_no) do update set state = excluded.state',
      )
      .run(state.instanceNo, JSON.stringify(state));
  }

  /** Phones in the store: a read that fails when the store cannot be used (its /ready check). */
  countPhones(): number {
    return (this.db.prepare('select count(*) as phones from phone').get() as { phones: number }).phones;
  }

  close(): void {
    this.db.close();
  }
}
