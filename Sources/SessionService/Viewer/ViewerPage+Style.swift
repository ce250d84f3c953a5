extension ViewerPage {
    /// The page's CSS: a header bar, then three panels (tree, layers, events) that wrap on narrow screens.
    static let style = #"""
        :root {
          --bg: #f4f5f7; --panel: #fff; --ink: #1d2330; --muted: #6b7385; --line: #dde1e8;
          --accent: #3867d6; --on: #20bf6b; --off: #b4bac6; --bad: #eb3b5a;
          --launch: #8854d0; --viewable: #3867d6; --viewless: #778ca3; --flow: #fa8231; --presentable: #0fb9b1;
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); }
        header { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 20px; padding: 10px 20px;
                 background: #1d2330; color: #fff; }
        header h1 { font-size: 17px; margin: 0; }
        header h1 span { font-weight: 400; color: #aab3c5; }
        header form { display: flex; gap: 6px; align-items: center; margin: 0; }
        header label { color: #aab3c5; display: flex; gap: 6px; align-items: center; }
        select, input, button { font: inherit; border-radius: 6px; border: 1px solid var(--line); padding: 4px 8px; }
        #session { width: 25ch; font-family: ui-monospace, monospace; font-size: 12px; }
        button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
        button:disabled { opacity: .45; cursor: default; }
        #delete-session { background: transparent; border-color: #aab3c5; color: #fff; }
        #status { margin-left: auto; display: flex; align-items: center; gap: 6px; color: #aab3c5; }
        #status .light { width: 10px; height: 10px; border-radius: 50%; background: var(--off); }
        #status[data-status="live"] .light { background: var(--on); box-shadow: 0 0 6px var(--on); }
        #status[data-status="connecting"] .light, #status[data-status="reconnecting"] .light { background: #f7b731; }
        #status[data-status="ended"] .light { background: var(--bad); }
        #app-description { margin: 8px 20px 0; color: var(--muted); min-height: 1.4em; }
        main { display: grid; grid-template-columns: minmax(300px, 1.25fr) minmax(260px, 1fr) minmax(260px, 1fr);
               gap: 16px; padding: 12px 20px 20px; align-items: start; }
        @media (max-width: 900px) { main { grid-template-columns: 1fr; } }
        section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 10px; }
        h2 small { text-transform: none; letter-spacing: 0; font-weight: 400; margin-left: 6px; }
        .empty { color: var(--muted); font-style: italic; }
        .legend { display: flex; flex-wrap: wrap; gap: 6px 10px; font-size: 11px; color: var(--muted); margin-bottom: 10px; }
        .legend span { display: inline-flex; align-items: center; gap: 4px; }
        .dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; border: 2px solid var(--off); }
        .dot.on { background: var(--on); border-color: var(--on); }
        .kind { font-size: 11px; padding: 0 6px; border-radius: 9px; color: #fff; background: var(--viewless); }
        .kind[data-kind="launch"] { background: var(--launch); }
        .kind[data-kind="viewable"] { background: var(--viewable); }
        .kind[data-kind="viewless"] { background: var(--viewless); }
        .kind[data-kind="flow"] { background: var(--flow); }
        .kind[data-kind="presentable"] { background: var(--presentable); }
        .tree, .tree ul { list-style: none; margin: 0; padding: 0; }
        .tree ul { margin-left: 11px; padding-left: 14px; border-left: 2px solid var(--line); }
        .rib { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 4px 0; padding: 5px 8px;
               border: 1px solid var(--line); border-radius: 7px; background: #fafbfc; }
        .node[data-active="true"] > .rib { border-color: #b7e4c7; background: #f1fbf4; }
        .node[data-active="false"] > .rib { opacity: .6; }
        .node[data-active="false"] > .rib .name { text-decoration: line-through; }
        .rib .name { font-weight: 600; }
        .rib .active-label { font-size: 11px; color: var(--muted); }
        .rib code { font-size: 11px; background: #eef1f6; padding: 1px 5px; border-radius: 4px; }
        #layers { display: flex; flex-direction: column; gap: 10px; }
        .layer { border: 1px solid var(--line); border-radius: 9px; padding: 8px; background: #fafbfc; }
        .layer:last-child { border-color: var(--accent); box-shadow: 0 2px 8px rgba(56, 103, 214, .15); }
        .layer h3 { margin: 0 0 6px; font-size: 12px; color: var(--muted); font-weight: 500; }
        .layer h3 b { color: var(--ink); }
        .stack { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column-reverse; gap: 4px; }
        .screen { padding: 6px 10px; border-radius: 6px; background: #eef1f6; font-weight: 500; }
        .screen.top { background: #c9d6f3; }
        .layer:last-child .screen.top { background: var(--accent); color: #fff; }
        .screen small { font-weight: 400; opacity: .8; margin-left: 6px; }
        #leaks { margin-top: 10px; color: var(--bad); font-size: 12px; }
        .event { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 0;
                 border-bottom: 1px dashed var(--line); }
        .event:last-child { border-bottom: 0; }
        .event button { min-width: 92px; }
        .event input { width: 9em; }
        .event select { min-width: 9em; }
        #message { margin-top: 10px; font-size: 12px; color: var(--muted); min-height: 1.4em; word-break: break-word; }
        #message.error { color: var(--bad); }
        """#
}
