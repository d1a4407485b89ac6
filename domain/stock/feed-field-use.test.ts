/**
 * Issue 18: every field of the feed is "either imported and used, or listed in the import report
 * as 'stored, not shown' — never dropped silently". This guard proves it for each Car field of
 * catalogue §3 by name, with a check that cannot pass on common words (`name`, `id`, `state`): a
 * field counts as used only where the product READS it off the feed's car record, not wherever
 * the word appears.
 *
 * The platform keeps the feed's car record as its car (services/stock/stock-repository.ts:
 * `type Car = FeedCar`), so the mapping from feed to car is every read of the record's fields in
 * the product's own code. The TypeScript compiler, over that code, finds:
 * - reads (`car.km`, `car['km']`, `car.variant?.[key]` with literal keys, `const { km } = car`)
 *   of a property declared in a Feed* type of schemas/types.generated.ts, through `Car`,
 *   `Pick<FeedCar, …>`, `FeedCar & {…}` and the like;
 * - reads of a property of a type a feed value is passed as: `rvSpecRows(car.specifications)`
 *   with `specs: RvSpecifications` makes `specs.body_width` a read of the feed's
 *   `specifications.body_width` (call arguments, JSX props, annotated variables, returns,
 *   assignments and casts carry a feed type's fields, by name, to the type they meet);
 * - reads off a variable cast from a feed value (`const variant = car.variant as Record<…>`);
 * - reads of the raw car in the adapter (adapt-feed.ts), which runs before the record is typed.
 * A nested field counts where it is read off its parent field (`image.thumb.url`, not a
 * dealership logo's `url`, though both are a FeedImageRef's). The same word read off any other
 * object (a location's `address.state`, a React state) does not count. The compiler looks only at
 * the files a feed value reaches (about 180 of 800), with packages other than React unresolved.
 *
 * The fields the platform deliberately does not read are those the import report lists as
 * stored, not shown (STORED_NOT_SHOWN in adapt-feed.ts, each with its reason): each must stay
 * unread, so the list cannot go stale. Any other field of the list below must be read.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORED_NOT_SHOWN } from './adapt-feed';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FEED_TYPES = join(ROOT, 'schemas/types.generated.ts');
const ADAPTER = join(ROOT, 'domain/stock/adapt-feed.ts');

/**
 * spec: catalogue §3 Car — "id, slug, path, name, … finance_lenders keyed by provider", each as a
 * field of a feed car, written as STORED_NOT_SHOWN writes fields (`*` for any list index). Where
 * the spec names a field loosely, the feed's own name is used: "walkaround video" is
 * walkaround_videos; "images (each with image.url and image.thumb.url)"; "hotspots (exterior and
 * interior, each with id, description, positions by angle and anchors)" are a hotspot's id,
 * description and its positions' frame, x and y.
 */
const CATALOGUE_CAR_FIELDS: readonly string[] = [
  ...['id', 'slug', 'path', 'name', 'year', 'make', 'model', 'badge', 'series', 'colour', 'interior_colour'],
  ...['gearnum', 'simple_transmission', 'trans', 'bodyconfiguration', 'simple_body', 'car_type', 'status', 'tag'],
  ...['reserved', 'created_at', 'price', 'before_price', 'offer_price', 'subscription_price', 'price_type'],
  ...['preorder', 'km', 'stocknum', 'vin', 'regplate', 'rego_expiry', 'build_date', 'compliance_date', 'fuel'],
  ...['simple_fuel', 'seats', 'doors', 'drive', 'engine_size', 'engine_size_litres', 'views', 'certified', 'file'],
  ...['dealership_slug', 'dealership_id', 'private_suburb', 'private_postcode', 'carsales_title', 'item_type'],
  ...['show_on_dealer_website', 'sold_date_timestamp', 'photos_count', 'images/*/image/url'],
  ...['images/*/image/thumb/url', 'thumbnails', 'primary_image_url', 'video_url', 'external_video_url'],
  ...['walkaround_videos/*/url', 'spin_images', 'spin_interior_image', 'spin_code'],
  ...['exterior', 'interior'].flatMap((side) =>
    ['id', 'description', 'positions/*/frame', 'positions/*/x', 'positions/*/y'].map((f) => `hotspots/${side}/*/${f}`),
  ),
  ...['standardEquipment', 'dealercomments'],
  ...['body_width', 'body_length', 'tare_weight', 'axle_type', 'sleeps', 'aggregate_trailer_mass'].map(
    (f) => `specifications/${f}`,
  ),
  ...['cylinders', 'enginesize', 'enginesize_litres', 'induction', 'fuelconsumptioncombined', 'fuelcapacity']
    .concat(['grossvehiclemass', 'vehiclelength', 'vehicleheight', 'vehiclewidth', 'towingcapacitybraked'])
    .concat(['torque', 'ancaprating', 'bodyconfiguration', 'geartype'])
    .map((f) => `variant/${f}`),
  ...['id', 'name', 'phone', 'slug', 'address', 'distribution_locations'].map((f) => `location/${f}`),
  ...['city', 'state', 'autograb_data/state_average_market_price', 'autograb_data/average_market_price'],
  ...['youxQuote/weeklyRepaymentAmount', 'finance_lenders'],
];

/** The product's own code: what the sites, the Studio and the importer run (not tests or test helpers). */
const PRODUCT_DIRS = ['app', 'blocks', 'components', 'domain', 'engine', 'server', 'services', 'studio'];
const NOT_PRODUCT = /(\.test\.tsx?$|\.d\.ts$|\/testing\/|\/fixtures\/|\/test-feed\.ts$)/;
/**
 * Packages whose types are loaded: React's `cache` and hooks keep the types of what passes
 * through them. Other packages are left unresolved (their values are `any`), which keeps the
 * program to the product's own files; a field read only through such a value is not counted.
 */
const TYPED_PACKAGES = ['react'];

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  // No DOM: the browser's types carry no feed record, and leaving them out keeps the program small.
  lib: ['lib.es2023.d.ts'],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

function productFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !NOT_PRODUCT.test(full)) files.push(full);
    }
  };
  for (const dir of PRODUCT_DIRS) walk(join(ROOT, dir));
  return files;
}

/** The standard library's and the packages' declarations, parsed once for every program here. */
const libraries = new Map<string, ts.SourceFile>();

/** A program over `rootNames`, with `sources` read instead of the disk for the files they name. */
function createProgram(rootNames: readonly string[], sources: ReadonlyMap<string, string> = new Map()): ts.Program {
  const host = ts.createCompilerHost(OPTIONS);
  // Comments carry no types in TypeScript files: not parsing JSDoc halves the time to parse.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseNone;
  const cache = ts.createModuleResolutionCache(ROOT, (file) => file, OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => sources.has(file) || fileExists.call(host, file);
  host.directoryExists = (dir) =>
    [...sources.keys()].some((file) => file.startsWith(`${dir}/`)) || ts.sys.directoryExists(dir);
  host.readFile = (file) => sources.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, shouldCreate) => {
    const text = sources.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, language, true);
    const library = /[\\/]node_modules[\\/]/.test(file) ? libraries.get(file) : undefined;
    if (library) return library;
    const parsed = getSourceFile.call(host, file, language, onError, shouldCreate);
    if (parsed && /[\\/]node_modules[\\/]/.test(file)) libraries.set(file, parsed);
    return parsed;
  };
  host.resolveModuleNameLiterals = (literals, containingFile, _redirected, options) =>
    literals.map(({ text }) => {
      const local = text.startsWith('.') || text.startsWith('@/');
      const typed = TYPED_PACKAGES.some((p) => text === p || text.startsWith(`${p}/`));
      if ((!local && !typed) || text.endsWith('.json')) return { resolvedModule: undefined };
      const [name, from] = text.startsWith('@/')
        ? [`./${text.slice(2)}`, join(ROOT, 'index.ts')]
        : [text, containingFile];
      return ts.resolveModuleName(name, from, options, host, cache);
    });
  return ts.createProgram({ rootNames, options: OPTIONS, host });
}

/** A property declared in one of the feed's types (`Feed*` in `feedFile`), a nested one included. */
function isFeedDeclaration(node: ts.Node, feedFile: string): boolean {
  if (!ts.isPropertySignature(node) && !ts.isIndexSignatureDeclaration(node)) return false;
  if (node.getSourceFile().fileName !== feedFile) return false;
  let top: ts.Node = node;
  while (top.parent && !ts.isSourceFile(top.parent)) top = top.parent;
  return (ts.isInterfaceDeclaration(top) || ts.isTypeAliasDeclaration(top)) && top.name.text.startsWith('Feed');
}

/** The file a node is in; none for a node the checker made up (the signature of an untyped call, say). */
const fileOf = (node: ts.Node | undefined): string[] => {
  let n = node;
  while (n && !ts.isSourceFile(n)) n = n.parent;
  return n ? [n.fileName] : [];
};

const isNode = (value: ts.Node | ts.Symbol): value is ts.Node => 'kind' in value;

const where = (node: ts.Node) => {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${relative(ROOT, file.fileName)}:${line + 1}`;
};

/** Where a value meets declared types: worked out only once the value is known to hold feed fields. */
interface Site {
  value: ts.Expression;
  from?: ts.Type;
  /** The declared types the value meets, and the file of the function or component taking it. */
  meets: () => { to: Array<ts.Type | undefined>; callee: string[] };
}

/** A value holding feed fields, the declared types it meets and the files of what takes it. */
interface Meeting {
  from: ts.Type;
  to: ts.Type[];
  callee: string[];
}

interface FeedRead {
  /** file:line */
  at: string;
  /** The feed fields the value read from was itself read as (`image.thumb` for `image.thumb.url`), when it was one. */
  from?: Set<ts.Node>;
}

interface FeedReads {
  /** Each feed property declaration the product reads, with where. */
  reads: Map<ts.Node, FeedRead[]>;
  /** The files looked at: those a feed value can reach. */
  walked: Set<string>;
}

/**
 * Every feed property declaration read in the program's root files (see the top of this file).
 * Only the files a feed value can reach are looked at: those naming a feed type; the files of
 * functions, components and types a feed value is passed to; and the files importing a file
 * that exports a feed value or type.
 */
function collectFeedReads(program: ts.Program, feedFile: string): FeedReads {
  const checker = program.getTypeChecker();
  const candidates = new Map(
    program
      .getRootFileNames()
      .filter((file) => file !== feedFile)
      .flatMap((file) => {
        const source = program.getSourceFile(file);
        return source ? [[file, source] as const] : [];
      }),
  );

  // Who imports whom (import and export declarations, import() calls), without type checking.
  const importers = new Map<string, Set<string>>();
  for (const [file, source] of candidates) {
    const visit = (node: ts.Node): void => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined;
      const target = specifier && checker.getSymbolAtLocation(specifier)?.valueDeclaration;
      if (target && ts.isSourceFile(target))
        importers.set(target.fileName, (importers.get(target.fileName) ?? new Set()).add(file));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  /** A declaration (or, for a property no declaration names, its symbol) to the feed declarations it receives. */
  const links = new Map<ts.Node | ts.Symbol, Set<ts.Node>>();
  const keysOf = (read: ts.Symbol | ts.Node): Array<ts.Node | ts.Symbol> =>
    isNode(read)
      ? [read]
      : [read, ...checker.getRootSymbols(read)].flatMap((s): Array<ts.Node | ts.Symbol> =>
          s.declarations?.length ? s.declarations : [s],
        );
  const originsOf = (read: ts.Symbol | ts.Node): Set<ts.Node> => {
    const origins = new Set<ts.Node>();
    for (const key of keysOf(read)) {
      if (isNode(key) && isFeedDeclaration(key, feedFile)) origins.add(key);
      for (const origin of links.get(key) ?? []) origins.add(origin);
    }
    return origins;
  };

  let sites: Site[] = [];
  const meetings: Meeting[] = [];
  const reads: Array<{ read: ts.Symbol | ts.Node; at: ts.Node; receiver?: ts.Expression }> = [];
  const typeOf = (node: ts.Node) => checker.getTypeAtLocation(node);
  const contextOf = (node: ts.Expression) => checker.getContextualType(node);
  const calleeOf = (call: ts.CallLikeExpression) => checker.getResolvedSignature(call)?.getDeclaration();
  /** A value that cannot hold a feed record: a literal, a function, an element, a sum… */
  const plain = (value: ts.Expression) =>
    ts.isLiteralExpression(value) ||
    ts.isTemplateExpression(value) ||
    ts.isFunctionLike(value) ||
    ts.isClassExpression(value) ||
    ts.isJsxElement(value) ||
    ts.isJsxSelfClosingElement(value) ||
    ts.isJsxFragment(value) ||
    ts.isPrefixUnaryExpression(value) ||
    ts.isTypeOfExpression(value) ||
    value.kind === ts.SyntaxKind.TrueKeyword ||
    value.kind === ts.SyntaxKind.FalseKeyword ||
    value.kind === ts.SyntaxKind.NullKeyword;
  const meet = (value: ts.Expression | undefined, meets: Site['meets']) => {
    if (value && !plain(value)) sites.push({ value, meets });
  };
  /** The property names the feed's types declare: no other name can be a read of a feed field. */
  const feedNames = new Set<string>();
  const collectNames = (node: ts.Node): void => {
    if (ts.isPropertySignature(node) && isFeedDeclaration(node, feedFile) && ts.isIdentifier(node.name))
      feedNames.add(node.name.text);
    ts.forEachChild(node, collectNames);
  };
  const feedSource = program.getSourceFile(feedFile);
  if (feedSource) collectNames(feedSource);
  /** The expression under casts, `!`, parentheses and defaults (`a ?? {}`, `a || {}`). */
  const strip = (node: ts.Expression): ts.Expression => {
    let e = node;
    for (;;) {
      if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
      else if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
      else if (
        ts.isBinaryExpression(e) &&
        (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
          e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
      )
        e = e.left;
      else return e;
    }
  };
  /** What a value read off `receiver` comes from, when `receiver` is cast from it (directly or as a variable's initializer). */
  const castSource = (receiver: ts.Expression): ts.Expression | undefined => {
    const bare = strip(receiver);
    if (bare !== receiver) return bare;
    if (!ts.isIdentifier(bare)) return undefined;
    const declaration = checker.getSymbolAtLocation(bare)?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    const source = strip(declaration.initializer);
    return source === declaration.initializer ? undefined : source;
  };
  const propertiesNamed = (type: ts.Type, name: string): ts.Symbol[] =>
    (type.isUnion() ? type.types : [type]).flatMap((t) => {
      const property = checker.getPropertyOfType(checker.getNonNullableType(t), name);
      return property ? [property] : [];
    });
  const isWritten = (node: ts.Node) =>
    (ts.isBinaryExpression(node.parent) &&
      node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.parent.left === node) ||
    ts.isDeleteExpression(node.parent);

  const walk = (source: ts.SourceFile) => {
    const read = (receiver: ts.Expression, key: string, property: ts.Symbol | undefined, at: ts.Node) => {
      if (property) reads.push({ read: property, at, receiver });
      else {
        const cast = castSource(receiver);
        if (cast) for (const p of propertiesNamed(typeOf(cast), key)) reads.push({ read: p, at, receiver: cast });
      }
    };
    const visit = (node: ts.Node): void => {
      // Reads: `a.b`, `a['b']` or `a[k]` (k a literal or a union of literals), `const { b } = a`.
      if (ts.isPropertyAccessExpression(node)) {
        if (feedNames.has(node.name.text) && !isWritten(node))
          read(node.expression, node.name.text, checker.getSymbolAtLocation(node.name), node);
      } else if (
        ts.isElementAccessExpression(node) &&
        !isWritten(node) &&
        !ts.isNumericLiteral(node.argumentExpression) &&
        !(ts.isStringLiteral(node.argumentExpression) && !feedNames.has(node.argumentExpression.text))
      ) {
        const receiver = checker.getNonNullableType(typeOf(node.expression));
        const key = typeOf(node.argumentExpression);
        const keys = (key.isUnion() ? key.types : [key]).flatMap((t) => (t.isStringLiteral() ? [t.value] : []));
        for (const k of keys) read(node.expression, k, checker.getPropertyOfType(receiver, k), node);
        if (!keys.length)
          for (const { declaration } of checker.getIndexInfosOfType(receiver))
            if (declaration) reads.push({ read: declaration, at: node, receiver: node.expression });
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && !node.dotDotDotToken) {
        const key = node.propertyName ?? node.name;
        const declaration = node.parent.parent;
        if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && feedNames.has(key.text)) {
          const initializer = ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
          let properties = propertiesNamed(typeOf(node.parent), key.text);
          let receiver = initializer;
          if (!properties.length && initializer && strip(initializer) !== initializer) {
            receiver = strip(initializer);
            properties = propertiesNamed(typeOf(receiver), key.text);
          }
          for (const p of properties) reads.push({ read: p, at: node, receiver });
        }
      }
      // Where a value meets a declared type.
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        (node.arguments ?? []).forEach((argument, i) =>
          meet(argument, () => {
            const callee = calleeOf(node);
            // The parameter as declared too, so that a type parameter's constraint is reached.
            const parameter = callee?.parameters[Math.min(i, callee.parameters.length - 1)];
            return { to: [contextOf(argument), parameter && typeOf(parameter)], callee: fileOf(callee) };
          }),
        );
      } else if (ts.isJsxAttribute(node) && node.initializer && ts.isJsxExpression(node.initializer)) {
        const value = node.initializer.expression;
        const element = node.parent.parent;
        meet(value, () => ({ to: [value && contextOf(value)], callee: fileOf(calleeOf(element)) }));
      } else if (ts.isJsxSpreadAttribute(node)) {
        const attributes = node.parent;
        meet(node.expression, () => ({ to: [contextOf(attributes)], callee: fileOf(calleeOf(attributes.parent)) }));
      } else if (ts.isVariableDeclaration(node) && node.type) {
        const type = node.type;
        meet(node.initializer, () => ({ to: [typeOf(type)], callee: [] }));
      } else if (ts.isReturnStatement(node) && node.expression) {
        const value = node.expression;
        meet(value, () => ({ to: [contextOf(value)], callee: [] }));
      } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) {
        const body = node.body;
        meet(body, () => ({ to: [contextOf(body)], callee: [] }));
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const target = node.left;
        meet(node.right, () => ({ to: [typeOf(target)], callee: [] }));
      } else if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node)) {
        const type = node.type;
        meet(node.expression, () => ({ to: [typeOf(type)], callee: [] }));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  };

  const elementOf = (type: ts.Type) =>
    checker.isArrayType(type) || checker.isTupleType(type)
      ? checker.getIndexTypeOfType(type, ts.IndexKind.Number)
      : undefined;

  /**
   * Whether a value of this type holds feed fields: in its properties, list items, what a promise
   * or a function gives, or (for a library type such as Map) its type arguments. `known` keeps the
   * answers of one pass over the links.
   */
  const carriesFeed = (type: ts.Type, known: Map<ts.Type, boolean>): boolean => {
    const answers = new Map<ts.Type, boolean>();
    let cut = false;
    const visit = (of: ts.Type, depth: number): boolean => {
      const t = checker.getNonNullableType(of);
      const answer = known.get(t) ?? answers.get(t);
      if (answer !== undefined) return answer;
      if (!(t.flags & (ts.TypeFlags.Object | ts.TypeFlags.UnionOrIntersection))) return false;
      if (depth > 8) {
        cut = true;
        return false;
      }
      answers.set(t, false);
      const declarations = (t.aliasSymbol ?? t.getSymbol())?.declarations ?? [];
      const library = declarations.length > 0 && declarations.every((d) => d.getSourceFile().isDeclarationFile);
      const inner = (): ts.Type[] => {
        if (t.isUnionOrIntersection()) return t.types;
        const reference =
          t.flags & ts.TypeFlags.Object && (t as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference
            ? checker.getTypeArguments(t as ts.TypeReference)
            : [];
        if (library) return [...reference, ...(t.aliasTypeArguments ?? [])];
        return [
          ...t.getCallSignatures().map((signature) => signature.getReturnType()),
          ...checker.getPropertiesOfType(t).map((p) => checker.getTypeOfSymbol(p)),
        ];
      };
      const carries =
        (!library && !t.isUnionOrIntersection() && checker.getPropertiesOfType(t).some((p) => originsOf(p).size > 0)) ||
        inner().some((i) => visit(i, depth + 1));
      answers.set(t, carries);
      return carries;
    };
    const carries = visit(type, 0);
    // A "no" holds for every type looked at on the way (unless the depth cut a way short); a "yes" for those that said yes.
    for (const [t, answer] of answers) if (answer || (!carries && !cut)) known.set(t, answer);
    return carries;
  };

  // A feed type's fields reach the same-named fields of each type a feed value meets, to a fixed point.
  let changed = false;
  const link = (from: ts.Type, to: ts.Type, known: Map<ts.Type, boolean>, seen: Map<ts.Type, Set<ts.Type>>): void => {
    let source = checker.getNonNullableType(from);
    let target = checker.getNonNullableType(to);
    if (target.flags & ts.TypeFlags.TypeParameter) {
      const constraint = checker.getBaseConstraintOfType(target);
      if (!constraint) return;
      target = checker.getNonNullableType(constraint);
    }
    const done = seen.get(source) ?? new Set<ts.Type>();
    if (done.has(target) || !carriesFeed(source, known)) return;
    seen.set(source, done.add(target));
    if (target.isUnion()) return target.types.forEach((t) => link(source, t, known, seen));
    if (source.isUnion()) return source.types.forEach((s) => link(s, target, known, seen));
    source = checker.getApparentType(source);
    const sourceElement = elementOf(source);
    const targetElement = elementOf(target);
    if (sourceElement || targetElement) {
      if (sourceElement && targetElement) link(sourceElement, targetElement, known, seen);
      return;
    }
    if (!(target.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return;
    for (const targetProperty of checker.getPropertiesOfType(target)) {
      const sourceProperty = checker.getPropertyOfType(source, targetProperty.name);
      if (!sourceProperty) continue;
      const origins = originsOf(sourceProperty);
      for (const key of origins.size ? keysOf(targetProperty) : []) {
        if (isNode(key) && isFeedDeclaration(key, feedFile)) continue;
        const linked = links.get(key) ?? new Set<ts.Node>();
        for (const origin of origins) {
          if (linked.has(origin)) continue;
          linked.add(origin);
          changed = true;
        }
        links.set(key, linked);
      }
      link(checker.getTypeOfSymbol(sourceProperty), checker.getTypeOfSymbol(targetProperty), known, seen);
    }
    const sourceIndex = checker.getIndexInfoOfType(source, ts.IndexKind.String);
    const targetIndex = checker.getIndexInfoOfType(target, ts.IndexKind.String);
    if (sourceIndex && targetIndex) link(sourceIndex.type, targetIndex.type, known, seen);
  };
  const propagate = () => {
    do {
      changed = false;
      const known = new Map<ts.Type, boolean>();
      const seen = new Map<ts.Type, Set<ts.Type>>();
      // A site becomes a meeting once its value holds feed fields (a type can come to hold them by a new link).
      sites = sites.filter((site) => {
        const from = (site.from ??= typeOf(site.value));
        if (!carriesFeed(from, known)) return true;
        const { to, callee } = site.meets();
        meetings.push({ from, to: to.filter((t): t is ts.Type => t !== undefined && t !== from), callee });
        return false;
      });
      for (const { from, to } of meetings) for (const t of to) link(from, t, known, seen);
    } while (changed);
  };

  const exportsFeed = (file: string, known: Map<ts.Type, boolean>): boolean => {
    const source = candidates.get(file);
    const exports = source && checker.getSymbolAtLocation(source);
    return (exports ? checker.getExportsOfModule(exports) : []).some((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const type =
        symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)
          ? checker.getDeclaredTypeOfSymbol(symbol)
          : checker.getTypeOfSymbol(symbol);
      return carriesFeed(type, known);
    });
  };

  const walked = new Set<string>();
  let next = [...candidates.keys()].filter((file) => /\bFeed[A-Z]/.test(candidates.get(file)?.text ?? ''));
  while (next.length) {
    for (const file of next) {
      walked.add(file);
      const source = candidates.get(file);
      if (source) walk(source);
    }
    propagate();
    const known = new Map<ts.Type, boolean>();
    const reached = new Set<string>();
    for (const { callee } of meetings) callee.forEach((f) => reached.add(f));
    for (const key of links.keys()) if (isNode(key)) reached.add(key.getSourceFile().fileName);
    for (const file of walked) if (exportsFeed(file, known)) importers.get(file)?.forEach((f) => reached.add(f));
    next = [...reached].filter((file) => candidates.has(file) && !walked.has(file));
  }

  /** The feed fields `receiver` was read as, when it is a read of one (directly or through a constant). */
  const readAs = (receiver: ts.Expression | undefined): Set<ts.Node> | undefined => {
    let e = receiver && strip(receiver);
    if (e && ts.isIdentifier(e)) {
      const declaration = checker.getSymbolAtLocation(e)?.valueDeclaration;
      e =
        declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
          ? strip(declaration.initializer)
          : e;
    }
    const symbol =
      e && ts.isPropertyAccessExpression(e)
        ? checker.getSymbolAtLocation(e.name)
        : e && ts.isElementAccessExpression(e) && ts.isStringLiteral(e.argumentExpression)
          ? checker.getPropertyOfType(checker.getNonNullableType(typeOf(e.expression)), e.argumentExpression.text)
          : undefined;
    const origins = symbol && originsOf(symbol);
    return origins?.size ? origins : undefined;
  };
  const found = new Map<ts.Node, FeedRead[]>();
  for (const { read, at, receiver } of reads) {
    const origins = originsOf(read);
    if (!origins.size) continue;
    const entry: FeedRead = { at: where(at) };
    const from = readAs(receiver);
    if (from) entry.from = from;
    for (const origin of origins) found.set(origin, [...(found.get(origin) ?? []), entry]);
  }
  return { reads: found, walked };
}

/** The feed property declarations along `field` (as STORED_NOT_SHOWN writes it) from its record, or why there are none. */
function declarationsAlong(program: ts.Program, feedFile: string, field: string): ts.Node[] | string {
  const checker = program.getTypeChecker();
  const root = program
    .getSourceFile(feedFile)
    ?.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'FeedDocument');
  if (!root) return 'no FeedDocument type';
  let type = checker.getTypeAtLocation(root);
  const declarations: ts.Node[] = [];
  for (const segment of field.split('/').slice(1)) {
    type = checker.getNonNullableType(type);
    if (segment === '*') {
      const element =
        checker.isArrayType(type) || checker.isTupleType(type)
          ? checker.getIndexTypeOfType(type, ts.IndexKind.Number)
          : checker.getIndexInfoOfType(type, ts.IndexKind.String)?.type;
      if (!element) return `${field}: no list or map at *`;
      type = element;
      continue;
    }
    const property = checker.getPropertyOfType(type, segment);
    const declaration = property?.declarations?.find((d) => isFeedDeclaration(d, feedFile));
    if (!property || !declaration) return `${field}: the feed types have no ${segment} there`;
    declarations.push(declaration);
    type = checker.getTypeOfSymbol(property);
  }
  // The first is the document's list of records (`cars`): the fields are the record's.
  return declarations.slice(1);
}

/**
 * The car fields the adapter reads off the raw car, before the schema check types it: the
 * property paths read off the record the car callback of `adaptRecords(input.cars, …)` is given
 * (or a variable set from it), e.g. `location/id` of `raw.location.id`.
 */
function adapterCarReads(program: ts.Program): Map<string, string> {
  const source = program.getSourceFile(ADAPTER);
  const checker = program.getTypeChecker();
  const found = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    const callback = ts.isCallExpression(node) && node.arguments.at(-1);
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'adaptRecords' &&
      node.arguments[0]?.getText() === 'input.cars' &&
      callback &&
      ts.isArrowFunction(callback)
    ) {
      const first = callback.parameters[0];
      const records = new Set<ts.Symbol>();
      const raw = first && checker.getSymbolAtLocation(first.name);
      if (raw) records.add(raw);
      const collect = (inner: ts.Node): void => {
        if (ts.isVariableDeclaration(inner) && inner.initializer && ts.isIdentifier(inner.initializer)) {
          const from = checker.getSymbolAtLocation(inner.initializer);
          const to = checker.getSymbolAtLocation(inner.name);
          if (from && to && records.has(from)) records.add(to);
        }
        if (ts.isPropertyAccessExpression(inner) && !ts.isPropertyAccessExpression(inner.parent)) {
          const path: string[] = [];
          let e: ts.Expression = inner;
          while (ts.isPropertyAccessExpression(e)) {
            path.unshift(e.name.text);
            e = e.expression;
          }
          const root = ts.isIdentifier(e) ? checker.getSymbolAtLocation(e) : undefined;
          if (root && records.has(root))
            path.forEach((_, i) => found.set(path.slice(0, i + 1).join('/'), where(inner)));
        }
        ts.forEachChild(inner, collect);
      };
      collect(callback.body);
    }
    ts.forEachChild(node, visit);
  };
  if (source) visit(source);
  return found;
}

/**
 * Where a field (its declarations, as declarationsAlong gives them) is read: each step of its path
 * read, off the step before it wherever what it is read off is itself a feed field read (so that
 * a dealership's `logo.url` is not a car photo's `thumb.url`). The reads of the last step.
 */
function readsAlong(found: FeedReads, declarations: readonly ts.Node[]): string[] {
  const steps = declarations.map((d, i) => {
    const before = declarations[i - 1];
    return (found.reads.get(d) ?? []).filter((r) => !before || !r.from || r.from.has(before)).map((r) => r.at);
  });
  return steps.every((s) => s.length) ? [...new Set(steps.at(-1))] : [];
}

const listedFor = (field: string) =>
  STORED_NOT_SHOWN.find((listed) => field === listed.field || field.startsWith(`${listed.field}/`));

describe('spec: catalogue §3 Car fields — each is read off the feed car by the product, or reported as stored, not shown (issue 18)', () => {
  let program: ts.Program;
  let found: FeedReads;
  let adapter: Map<string, string>;
  let seconds = 0;
  beforeAll(() => {
    const started = performance.now();
    program = createProgram([...productFiles(), FEED_TYPES]);
    found = collectFeedReads(program, FEED_TYPES);
    adapter = adapterCarReads(program);
    seconds = (performance.now() - started) / 1000;
  }, 120_000);

  /** Where the field is read: by the adapter on the raw car, else off the typed record. */
  const readAt = (field: string): string[] => {
    const raw = field.startsWith('/cars/*/') ? adapter.get(field.slice('/cars/*/'.length)) : undefined;
    if (raw) return [raw];
    const declarations = declarationsAlong(program, FEED_TYPES, field);
    if (typeof declarations === 'string') throw new Error(declarations);
    return readsAlong(found, declarations);
  };

  it('spec: catalogue §3 Car fields — each is a field of the feed car (schemas/types.generated.ts FeedCar)', () => {
    const missing = CATALOGUE_CAR_FIELDS.map((f) => declarationsAlong(program, FEED_TYPES, `/cars/*/${f}`)).filter(
      (d) => typeof d === 'string',
    );
    expect(missing).toEqual([]);
    // The walk reached the mapping: the search documents, the vehicle page, the cards, the importer.
    for (const file of ['services/search/documents.ts', 'blocks/VehicleInformation/VehicleInformation.tsx'])
      expect(found.walked, file).toContain(join(ROOT, file));
    for (const file of ['components/StockCard/card-settings.ts', 'services/stock/import-feed.ts'])
      expect(found.walked, file).toContain(join(ROOT, file));
    expect(seconds).toBeLessThan(90);
  });

  it('spec: catalogue §3 Car fields — each field not reported as stored, not shown is read off the feed car', () => {
    const unread = CATALOGUE_CAR_FIELDS.map((f) => `/cars/*/${f}`).filter((f) => !listedFor(f) && !readAt(f).length);
    expect(unread).toEqual([]);
  });

  it('spec: catalogue §3 Car fields — each field reported as stored, not shown is read nowhere (the list cannot go stale)', () => {
    const read = STORED_NOT_SHOWN.flatMap(({ field }) => {
      const at = readAt(field);
      return at.length ? [`${field} is read at ${at.join(', ')}`] : [];
    });
    expect(read).toEqual([]);
  });

  it('lists only fields the feed has, each with its reason', () => {
    for (const { field, why } of STORED_NOT_SHOWN) {
      expect(declarationsAlong(program, FEED_TYPES, field), field).toBeInstanceOf(Array);
      expect(why.length, field).toBeGreaterThan(5);
    }
  });
});

/**
 * The same collector over a small mapping: a word is a read only off the feed's record, so
 * removing the one read of a field fails the guard though the word stays everywhere else.
 */
describe('spec: catalogue §3 Car fields — a field counts as read only off the feed record', () => {
  const FEED = '/virtual/schemas/feed.ts';
  const MAPPING = '/virtual/domain/car-line.ts';
  const feedTypes = `
    export interface FeedDocument { cars?: FeedCar[]; dealerships?: FeedDealership[] }
    export interface FeedCar {
      id: number; name?: string; state?: string; city?: string; km?: number;
      variant?: FeedCarVariant; images?: FeedCarImage[];
    }
    export interface FeedCarVariant { cylinders?: number; torque?: number }
    export interface FeedCarImage { image: FeedCarImageFile }
    export interface FeedCarImageFile { url: string; thumb?: FeedImageRef }
    export interface FeedImageRef { url: string }
    export interface FeedDealership { id: number; name: string; state?: string; logo?: FeedImageRef }`;
  const mapping = (body: string) => `
    import type { FeedCar, FeedDealership } from '../schemas/feed';
    type Car = FeedCar;
    interface Place { id?: number; name?: string; state?: string }
    /** What a feed car's variant is passed as; a gauge, though alike, never holds a feed value. */
    interface Engine { torque?: number }
    interface Gauge { torque?: number; cylinders?: number }
    const torqueOf = (engine: Engine | undefined) => engine?.torque;
    export const gaugeLine = (gauge: Gauge) => [gauge.torque, gauge.cylinders];
    export function carLine(car: Car, dealer: FeedDealership, place: Place): unknown[] {
      const state = { name: 'NSW', id: 1 };
      ${body}
    }`;
  const FIELDS = [
    'id',
    'name',
    'state',
    'city',
    'km',
    'variant/cylinders',
    'variant/torque',
    'images/*/image/thumb/url',
  ];
  /** The fields of FIELDS the mapping reads off its car. */
  const readFields = (body: string): string[] => {
    const sample = createProgram(
      [MAPPING, FEED],
      new Map([
        [FEED, feedTypes],
        [MAPPING, mapping(body)],
      ]),
    );
    const found = collectFeedReads(sample, FEED);
    return FIELDS.filter((field) => {
      const declarations = declarationsAlong(sample, FEED, `/cars/*/${field}`);
      if (typeof declarations === 'string') throw new Error(declarations);
      return readsAlong(found, declarations).length > 0;
    });
  };

  it('counts reads off the car: through an alias, destructured, cast, and off a type its parts are passed as', () => {
    const body = `
      const { km } = car;
      const variant = (car.variant ?? {}) as Record<string, unknown>;
      return [car['city'], km, variant.cylinders, torqueOf(car.variant), car.images?.map((i) => i.image.thumb?.url)];`;
    expect(readFields(body)).toEqual(['city', 'km', 'variant/cylinders', 'variant/torque', 'images/*/image/thumb/url']);
  }, 30_000);

  it('does not count the same words read off anything else (so a field the mapping stops reading fails)', () => {
    // The car's state, name and id are read nowhere: only a place's, a dealership's and a local object's are.
    // Cylinders are read only off a gauge, which no feed value is passed as; the logo's url is not a photo's.
    const body = `
      const { name } = place;
      return [place.state, place.id, name, state.name, state.id, dealer.state, dealer.name, dealer.id,
        car.city, torqueOf(car.variant), car.images?.map((i) => i.image.thumb), dealer.logo?.url];`;
    expect(readFields(body)).toEqual(['city', 'variant/torque']);
    expect(readFields(`return [car.state, place.state];`)).toEqual(['state']);
  }, 30_000);
});
