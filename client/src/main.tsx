import { render } from "preact";
import { App } from "./app";
import { createClient } from "./client";
import "./style.css";

const client = createClient();
client.start();
// For the end-to-end tests and the curious: the store and connection at hand.
(window as unknown as { spieltisch: unknown }).spieltisch = client;
render(<App client={client} />, document.getElementById("app")!);
