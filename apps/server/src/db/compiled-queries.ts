import type { Compilable, CompiledQuery } from 'kysely';
import { dialectOf, type AppDatabase } from './dialect/index';

/** Where a value goes in a query compiled once: the name it is passed under, and its place in a list. */
class StandIn {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}
}

type Values = Record<string, unknown>;

/** Shapes kept compiled: a list's values (`in (…)`) give a shape per length; past this the oldest go. */
const SHAPES_KEPT = 200;

/**
 * A hot query compiled once for each of its shapes and run again with new values (issue 34: Kysely
 * builds and compiles a query anew on every call, a tenth of a phone list's time). `build` writes the
 * query as any repository does, from `shape` — whatever changes the SQL: which filters, which order —
 * and from `values`, which it receives as stand-ins and must only pass on as values (never test or
 * compute with them); a list among them is compiled for its length.
 */
export class CompiledQueries<S, V extends Values, R> {
  private readonly compiled = new Map<string, CompiledQuery<R>>();

  constructor(private readonly build: (db: AppDatabase, shape: S, values: V) => Compilable<R>) {}

  async execute(db: AppDatabase, shape: S, values: V): Promise<R[]> {
    const lengths = Object.entries(values).map(([name, value]) =>
      Array.isArray(value) ? `${name}[${value.length}]` : '',
    );
    const key = `${dialectOf(db)} ${JSON.stringify(shape)} ${lengths.join('')}`;
    let query = this.compiled.get(key);
    if (!query) {
      query = this.build(db, shape, standInsOf(values)).compile();
      if (this.compiled.size >= SHAPES_KEPT) this.compiled.delete(this.compiled.keys().next().value!);
      this.compiled.set(key, query);
    }
    const parameters = query.parameters.map((p) => {
      if (!(p instanceof StandIn)) return p;
      const value = values[p.name];
      return p.index === undefined ? value : (value as unknown[])[p.index];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  }
}

function standInsOf<V extends Values>(values: V): V {
  const standIns: Values = {};
  for (const [name, value] of Object.entries(values))
    standIns[name] = Array.isArray(value) ? value.map((_, i) => new StandIn(name, i)) : new StandIn(name);
  return standIns as V;
}
