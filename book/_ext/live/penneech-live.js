// The "Open live" bar on a notebook page (book/_ext/penneech_lite.py).  JupyterLite keeps the
// reader's saved edits of a notebook in this browser's IndexedDB ("JupyterLite Storage - " and the
// site's lite/ path; object stores "files" and "checkpoints", keyed by the notebook's path).  When
// such a copy exists, show "Reset", which deletes it so that "Open live" opens the book's version.
(function () {
  "use strict";
  const bar = document.querySelector(".penneech-live");
  if (!bar || !window.indexedDB) return;
  const button = bar.querySelector(".penneech-live-reset");
  const path = bar.dataset.litePath;
  const dbName = "JupyterLite Storage - " + new URL(bar.dataset.liteRoot, document.baseURI).pathname;
  const stores = ["files", "checkpoints"];

  async function open() {
    // never create the database: JupyterLite does that, with its own stores
    if (indexedDB.databases) {
      const all = await indexedDB.databases();
      if (!all.some((d) => d.name === dbName)) return null;
    }
    return new Promise((resolve) => {
      const req = indexedDB.open(dbName);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onupgradeneeded = () => { req.transaction.abort(); };
    });
  }

  function request(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  async function edited() {
    const db = await open();
    if (!db) return false;
    try {
      if (!db.objectStoreNames.contains("files")) return false;
      const tx = db.transaction("files", "readonly");
      return (await request(tx.objectStore("files").count(path))) > 0;
    } finally {
      db.close();
    }
  }

  async function reset() {
    const db = await open();
    if (!db) return;
    try {
      const present = stores.filter((s) => db.objectStoreNames.contains(s));
      const tx = db.transaction(present, "readwrite");
      await Promise.all(present.map((s) => request(tx.objectStore(s).delete(path))));
    } finally {
      db.close();
    }
  }

  button.addEventListener("click", async () => {
    if (!window.confirm("Delete your edits of " + path + " in this browser and go back to the book's version?")) return;
    await reset();
    button.hidden = !(await edited());
    button.insertAdjacentText("afterend", "");
    bar.dataset.reset = "done";
  });
  edited().then((yes) => { button.hidden = !yes; }, () => { button.hidden = true; });
})();
