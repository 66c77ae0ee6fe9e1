// The Stimulus double where it once was kinder than Stimulus 3.2.2 (src/core/): each test
// fails against the double it replaced (README.md, "The doubles against the real sources").
import { FakeElement, asElement, document, settle } from "../support/browser.js"
import assert from "node:assert/strict"
import { describe, it } from "node:test"
import { Application, Controller, defaultSchema } from "@hotwired/stimulus"
import type { Schema } from "@hotwired/stimulus"

// A page with a started application, given to `body`, then stopped and removed.
async function inPage(body: (page: FakeElement, application: Application) => Promise<void>, schema?: Schema): Promise<void> {
  const page = new FakeElement("main")
  document.body.append(page)
  const application = Application.start(asElement(page), schema)
  try {
    await body(page, application)
  } finally {
    application.stop()
    page.remove()
  }
}

// An element with `attributes` appended to `page`.
function appended(page: FakeElement, attributes: Record<string, string>): FakeElement {
  const element = new FakeElement("div", attributes)
  page.append(element)
  return element
}

describe("the Stimulus double, as strict as Stimulus", () => {
  it("refuses, when the class is registered, a `{ type, default }` value whose default has another type", () => {
    class Mismatched extends Controller {
      static values = { count: { type: Number, default: "five" } }
    }
    const application = new Application(asElement(new FakeElement("main")))
    assert.throws(() => application.register("mismatched", Mismatched), {
      message: 'The specified default value for the Stimulus Value "count" must match the defined type "number". The provided default value of "five" is of type "string".',
    })
  })

  it("has<Name>Value is true without the attribute for a `{ type, default }` definition, as Stimulus's hasCustomDefaultValue makes it", () =>
    inPage(async (page, application) => {
      class Titled extends Controller {
        static values = { title: { type: String, default: "Home" }, label: { type: String }, plain: String }
      }
      application.register("titled", Titled)
      const element = appended(page, { "data-controller": "titled" })
      await settle()
      const controller = application.getControllerForElementAndIdentifier(asElement(element), "titled") as unknown as {
        titleValue: string
        hasTitleValue: boolean
        hasLabelValue: boolean
        hasPlainValue: boolean
      }
      assert.equal(controller.titleValue, "Home")
      assert.deepEqual([controller.hasTitleValue, controller.hasLabelValue, controller.hasPlainValue], [true, true, false])
      element.setAttribute("data-titled-plain-value", "")
      assert.equal(controller.hasPlainValue, true)
    }))

  it("declares no static `classes` on Controller, as Stimulus does not (controller.ts 26–28)", () => {
    class Styled extends Controller {
      // @ts-expect-error: with Stimulus's types there is no `classes` to override (tsc fails if there is).
      static override classes = ["active"]
    }
    assert.equal(Object.prototype.hasOwnProperty.call(Controller, "classes"), false)
    assert.deepEqual(Styled.classes, ["active"])
  })

  it("load(array, ...rest) loads the array only, as Stimulus's load(head, ...rest) does", () =>
    inPage(async (page, application) => {
      class First extends Controller {}
      class Second extends Controller {}
      // @ts-expect-error: Stimulus's overloads take definitions, or one array of them, not both.
      application.load([{ identifier: "first", controllerConstructor: First }], { identifier: "second", controllerConstructor: Second })
      const first = appended(page, { "data-controller": "first" })
      const second = appended(page, { "data-controller": "second" })
      await settle()
      assert.ok(application.getControllerForElementAndIdentifier(asElement(first), "first") instanceof First)
      assert.equal(application.getControllerForElementAndIdentifier(asElement(second), "second"), null)
    }))

  it("registering an identifier again replaces its controllers, then calls afterLoad, as Stimulus's router.loadDefinition does", () =>
    inPage(async (page, application) => {
      const calls: string[] = []
      const element = new FakeElement("div", { "data-controller": "swap" })
      class Old extends Controller {
        override disconnect(): void {
          calls.push("Old disconnect")
        }
      }
      class New extends Controller {
        static override afterLoad(identifier: string, loadedInto: Application): void {
          calls.push(`afterLoad, controller connected: ${loadedInto.getControllerForElementAndIdentifier(asElement(element), identifier) !== null}`)
        }

        override connect(): void {
          calls.push("New connect")
        }
      }
      application.register("swap", Old)
      page.append(element)
      await settle()
      application.register("swap", New)
      assert.deepEqual(calls, ["Old disconnect", "New connect", "afterLoad, controller connected: true"])
      assert.ok(application.getControllerForElementAndIdentifier(asElement(element), "swap") instanceof New)
    }))

  it("calls the changed callbacks of the values the element has before those of the defaults, as ValueObserver.start does", () =>
    inPage(async (page, application) => {
      const calls: string[] = []
      class Ordered extends Controller {
        static override values = { first: String, second: String }

        firstValueChanged(): void {
          calls.push("first")
        }

        secondValueChanged(): void {
          calls.push("second")
        }
      }
      application.register("ordered", Ordered)
      appended(page, { "data-controller": "ordered", "data-ordered-second-value": "set" })
      await settle()
      assert.deepEqual(calls, ["second", "first"])
    }))

  it("names the value in the TypeError of a value its changed callback cannot read, as ValueObserver does", () =>
    inPage(async (page, application) => {
      class Listed extends Controller {
        static override values = { list: Array }

        listValueChanged(): void {}
      }
      await settle()
      appended(page, { "data-controller": "listed", "data-listed-list-value": "null" })
      assert.throws(() => application.register("listed", Listed), {
        message: 'Stimulus Value "listed.listValue" - expected value of type "array" but instead got value "null" of type "undefined"',
      })
    }))

  it("finds controllers by the schema's controllerAttribute, as Stimulus does", () =>
    inPage(async (page, application) => {
      class Plain extends Controller {}
      application.register("plain", Plain)
      const named = appended(page, { "data-ctrl": "plain" })
      const unnamed = appended(page, { "data-controller": "plain" })
      await settle()
      assert.ok(application.getControllerForElementAndIdentifier(asElement(named), "plain") instanceof Plain)
      assert.equal(application.getControllerForElementAndIdentifier(asElement(unnamed), "plain"), null)
    }, { ...defaultSchema, controllerAttribute: "data-ctrl" }))

  it("takes only a whole Schema, as Stimulus's types say", () => {
    // @ts-expect-error: Stimulus's Schema has required members; `{}` has none (tsc fails if it is accepted).
    const application = new Application(asElement(new FakeElement("main")), {})
    assert.ok(application instanceof Application)
  })
})
