import { render } from "preact";
import { App } from "./app";
import { createClient } from "./client";
import "./style.css";

if (location.hash.startsWith("#tiles")) {
  // The dev page of every Carcassonne tile (src/games/carcassonne/gallery.tsx).
  void import("./games/carcassonne/gallery").then(({ TileGallery }) =>
    // #tiles, #tiles-spots; a size and an id prefix may follow: #tiles-spots/140/pd.
    render(
      <TileGallery
        spots={location.hash.startsWith("#tiles-spots")}
        size={Number(location.hash.split("/")[1]) || 96}
        only={location.hash.split("/")[2]}
      />,
      document.getElementById("app")!,
    ),
  );
} else {
  const client = createClient();
  client.start();
  // For the end-to-end tests and the curious: the store and connection at hand.
  (window as unknown as { spieltisch: unknown }).spieltisch = client;
  render(<App client={client} />, document.getElementById("app")!);
}
