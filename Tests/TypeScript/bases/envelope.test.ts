// Issue 26: the echo of the form's connect message (reply(to: "connect") in both demo
// apps) is the request as the app received it, the bridge's `metadata` in its data. Run by
// TypeScriptBridgeComponentTests.echoOfClosedData against the base of a form contract
// whose data admits no unknown members (additionalProperties: false) and refuses what
// the clients would drop (decoding: strict), in both flavours: `metadata` is the
// envelope, not a member of the data, while a member the data does not list still is.
import { FakeElement, asElement, document, navigator, settle, window } from "./support/browser.js" // first: the bridge reads `window` when it loads
import assert from "node:assert/strict"
import { it } from "node:test"
import { Application } from "@hotwired/stimulus"
import { Bridge, reloadUserAgent } from "@hotwired/hotwire-native-bridge"
import { NativeAppDouble } from "./support/native_app.js"
import * as formTS from "./form/form_bridge_component.js"
import type { FormData, Violation } from "./form/form.js"

type FormModule = typeof formTS

// A specifier in a variable: tsc checks the TypeScript flavour's types, not this file.
async function load<T>(specifier: string): Promise<T> {
  return (await import(specifier)) as T
}

const flavours: readonly [string, FormModule][] = [
  ["TypeScript", formTS],
  ["JavaScript", await load<FormModule>("controllers/bridge/form_bridge_component")],
]

const page = new FakeElement("main")
document.body.append(page)
navigator.userAgent = "Hotwire Native iOS; bridge-components: [form]"
reloadUserAgent() // the bridge reads it once, when it loads
const application = Application.start(asElement(page))

for (const [flavour, { FormBridgeComponent }] of flavours) {
  class FormController extends FormBridgeComponent {
    readonly submits: FormData[] = []
    readonly failures: [string, string[][]][] = []
    override onSubmit(formData: FormData): void {
      this.submits.push(formData)
    }
    override onReplyFailure(event: string, findings: Violation[]): void {
      this.failures.push([event, findings.map(({ code, pointer }) => [code, pointer])])
    }
  }
  const identifier = `bridge--form-${flavour.toLowerCase()}`
  application.register(identifier, FormController)

  it(`${flavour}: the echo of connect, metadata included, reaches onSubmit; an unknown member of the data does not`, async () => {
    const bridge = new Bridge()
    window.HotwireNative = { web: bridge }
    const app = new NativeAppDouble(["form"])
    bridge.setAdapter(app)
    const element = new FakeElement("div", { "data-controller": identifier, [`data-${identifier}-connect-value`]: '{"submitTitle":"Save"}' })
    page.append(element)
    await settle()
    const form = application.getControllerForElementAndIdentifier(asElement(element), identifier) as unknown as FormController
    const sent = app.received[0]
    assert.ok(sent)
    assert.deepEqual(Object.keys(sent.data), ["submitTitle", "metadata"])
    // The app sends the connect message back unchanged.
    bridge.receive(structuredClone(sent))
    assert.deepEqual(form.failures, [])
    assert.deepEqual(form.submits, [sent.data])
    // decoding: strict refuses what the data's schema does not list.
    bridge.receive({ ...sent, data: { ...sent.data, extra: 1 } })
    assert.deepEqual(form.failures, [["submit", [["TG013", "/extra"]]]])
    assert.equal(form.submits.length, 1)
    element.remove()
    await settle()
  })
}
