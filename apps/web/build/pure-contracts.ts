import { parseAst, type Plugin } from 'vite';

/** The contracts' source files, shared with the server (`packages/contracts/src`). */
const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/].+\.ts$/;

/** What a module that only declares is made of. */
const DECLARATIONS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportDefaultDeclaration',
  'ExportAllDeclaration',
  'VariableDeclaration',
  'FunctionDeclaration',
  'ClassDeclaration',
]);

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/**
 * Marks every call the contracts' modules make while they load as pure (`/*#__PURE__*\/`), so the
 * bundler drops what a page does not use. A contracts module holds both the constants a page needs
 * (phone states, definitions, limits) and the zod schemas only the server runs; the bundler cannot
 * tell that building a schema (`z.object(…).strict()`) changes nothing else, so without the mark every
 * page that read one constant built all its module's schemas — ≈ 80 ms of home's main thread at full
 * speed, four times that on a mid-range phone (issue 28). Sound because a contracts module only declares: no top-level statement acts on anything
 * (the plugin refuses one that is not a declaration, an import or an export of one).
 */
export function pureContracts(): Plugin {
  return {
    name: 'cloudphone-pure-contracts',
    apply: 'build',
    // After TypeScript is stripped, so the parser reads JavaScript.
    enforce: 'post',
    transform: {
      filter: { id: CONTRACTS },
      handler(code, id) {
        const program = parseAst(code) as unknown as { body: Node[] };
        const calls = new Set<number>();
        for (const statement of program.body) {
          if (!DECLARATIONS.has(statement.type))
            this.error(
              `pure-contracts: ${id} acts while it loads (${statement.type}); a contracts module only declares`,
            );
          collectCalls(statement, calls);
        }
        let marked = code;
        for (const at of [...calls].sort((a, b) => b - a))
          marked = `${marked.slice(0, at)}/*#__PURE__*/ ${marked.slice(at)}`;
        return { code: marked, map: null, moduleSideEffects: false };
      },
    },
  };
}

/** Every call and `new` evaluated while `node` is: not those inside functions, which run later. */
function collectCalls(node: Node, calls: Set<number>): void {
  if (/Function/.test(node.type) || node.type === 'ClassBody') return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') calls.add(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) collectCalls(item, calls);
    if (isNode(value)) collectCalls(value, calls);
  }
}
