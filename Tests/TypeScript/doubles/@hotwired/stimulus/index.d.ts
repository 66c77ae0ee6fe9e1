// The declarations of @hotwired/stimulus 3.2 (its own dist/types) that the double
// implements, with the same names and signatures.

export type ValueTypeConstant = typeof Array | typeof Boolean | typeof Number | typeof Object | typeof String
export type ValueTypeDefault = Array<any> | boolean | number | Object | string
export type ValueTypeObject = Partial<{ type: ValueTypeConstant; default: ValueTypeDefault }>
export type ValueTypeDefinition = ValueTypeConstant | ValueTypeDefault | ValueTypeObject
export type ValueDefinitionMap = { [token: string]: ValueTypeDefinition }

export interface Schema {
  controllerAttribute: string
  actionAttribute: string
  targetAttribute: string
  targetAttributeForScope(identifier: string): string
  outletAttributeForScope(identifier: string, outlet: string): string
  keyMappings: { [key: string]: string }
}

export declare const defaultSchema: Schema

export type ControllerConstructor = (new (context: Context) => Controller) & {
  readonly shouldLoad: boolean
  afterLoad(identifier: string, application: Application): void
}

export interface Definition {
  identifier: string
  controllerConstructor: ControllerConstructor
}

/** Opaque here: Stimulus's per-element, per-identifier state. */
export interface Context {
  readonly application: Application
  readonly identifier: string
  readonly element: Element
}

export declare class Controller<ElementType extends Element = Element> {
  static targets: string[]
  static outlets: string[]
  static values: ValueDefinitionMap
  static get shouldLoad(): boolean
  static afterLoad(identifier: string, application: Application): void

  readonly context: Context
  constructor(context: Context)
  get application(): Application
  get element(): ElementType
  get identifier(): string
  get targets(): TargetSet
  initialize(): void
  connect(): void
  disconnect(): void
  dispatch(
    eventName: string,
    options?: Partial<{ target: Element | Window | Document; detail: Object; prefix: string; bubbles: boolean; cancelable: boolean }>,
  ): CustomEvent
}

/** Stimulus's TargetSet: a controller's targets by name (the double leaves out the legacy form). */
export declare class TargetSet {
  has(targetName: string): boolean
  find(...targetNames: string[]): Element | undefined
  findAll(...targetNames: string[]): Element[]
}

export declare class Application {
  static start(element?: Element, schema?: Schema): Application
  readonly element: Element
  readonly schema: Schema
  constructor(element?: Element, schema?: Schema)
  start(): Promise<void>
  stop(): void
  register(identifier: string, controllerConstructor: ControllerConstructor): void
  load(...definitions: Definition[]): void
  load(definitions: Definition[]): void
  getControllerForElementAndIdentifier(element: Element, identifier: string): Controller | null
}
