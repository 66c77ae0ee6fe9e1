// The Stimulus double where it once was kinder than Stimulus 3.2.2 (src/core/value_properties.ts):
// each test fails against the lenient double it replaced (README.md, "What the doubles leave out").
import { FakeElement, asElement, document, settle } from "../support/browser.js"
import assert from "node:assert/strict"
import { describe, it } from "node:test"
import { Application, Controller } from "@hotwired/stimulus"

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

  it("has<Name>Value is true without the attribute for a `{ type, default }` definition, as Stimulus's hasCustomDefaultValue makes it", async () => {
    class Titled extends Controller {
      static values = { title: { type: String, default: "Home" }, label: { type: String }, plain: String }
    }
    const page = new FakeElement("main")
    document.body.append(page)
    const application = Application.start(asElement(page))
    application.register("titled", Titled)
    const element = new FakeElement("nav", { "data-controller": "titled" })
    page.append(element)
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
    application.stop()
    page.remove()
  })
})
