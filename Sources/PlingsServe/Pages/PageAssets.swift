import PlingsWeb

/// The pages' one stylesheet and one small script, served below the base with cache headers.
/// Both are written here, never from data.
package enum PageAssets {
    /// Phone first (390 px wide), fine on a desktop; prints without the bar.
    package static let style =
        """
        :root{--fg:#1f2328;--muted:#57606a;--line:#d0d7de;--accent:#0969da;--warn:#9a6700;--bg:#fff}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
        main{max-width:46rem;margin:0 auto;padding:.75rem 1rem 3rem}

        """ + SiteBar.css.description
            + """
            h1{font-size:1.5rem;margin:.5rem 0 .25rem;overflow-wrap:anywhere}
            h2{font-size:1.05rem;margin:1.25rem 0 .35rem;color:var(--muted);text-transform:uppercase;letter-spacing:.03em}
            a{color:var(--accent)}
            .id{color:var(--muted);font:0.9rem ui-monospace,monospace}
            .path{margin:.1rem 0;overflow-wrap:anywhere}.path a{white-space:nowrap}
            .detail{margin:.1rem 0 .1rem 1rem;color:var(--fg)}section>#loan{margin:.1rem 0}
            .badge{display:inline-block;padding:0 .45rem;border-radius:1rem;background:#fff8c5;color:var(--warn);
            font-size:.85rem;border:1px solid #eac54f}
            .point{padding:.5rem .75rem;border-left:4px solid var(--warn);background:#fff8c5;margin:.5rem 0}
            .note{padding:.5rem .75rem;border-left:4px solid var(--accent);background:#ddf4ff;margin:.5rem 0}
            .error{padding:.5rem .75rem;border-left:4px solid #cf222e;background:#ffebe9;margin:.5rem 0}
            ul.list{list-style:none;padding:0;margin:0}ul.list li{padding:.45rem 0;border-bottom:1px solid var(--line)}
            .sub{display:block;color:var(--muted);font-size:.9rem;overflow-wrap:anywhere}
            .actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}
            .actions a,.actions button,button{font:inherit;padding:.55rem .9rem;border-radius:.4rem;
            border:1px solid var(--line);background:#f6f8fa;color:var(--fg);text-decoration:none;cursor:pointer;min-height:2.75rem}
            .actions a.primary,button.primary{background:#1f883d;color:#fff;border-color:#1a7f37}
            form.inline{display:inline}
            input[type=search],input[type=text]{font:inherit;flex:1;min-width:0;padding:.5rem;border:1px solid var(--line);
            border-radius:.4rem;min-height:2.75rem}
            fieldset{border:1px solid var(--line);border-radius:.4rem;margin:.75rem 0;padding:.5rem .75rem}
            legend{font-weight:600}
            .choices{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.35rem}
            .choices label{display:flex;flex-wrap:wrap;gap:0 .4rem;align-items:center;padding:.4rem;
            border:1px solid var(--line);border-radius:.4rem;min-height:2.75rem}
            .choices label .sub{flex-basis:100%;padding-left:1.6rem}
            #targets{grid-template-columns:1fr}
            .picture{overflow-x:auto;margin:.5rem 0}.picture svg{max-width:100%;height:auto}
            details>summary{cursor:pointer;padding:.2rem 0;min-height:2.75rem;display:flex;align-items:center;
            list-style:none;gap:0 .4rem}
            details>summary::-webkit-details-marker{display:none}
            details>summary::before{content:"\\25B8";flex:none;display:inline-flex;align-items:center;
            justify-content:center;width:2.75rem;height:2.75rem;margin-left:-.5rem;border-radius:.4rem;
            color:var(--muted);font-size:1.2rem}
            details[open]>summary::before{content:"\\25BE"}
            details>summary:hover::before{background:#f6f8fa}
            form details{margin:.75rem 0}form details>summary{font-weight:600}
            .tree ul{list-style:none;margin:0;padding-left:1.1rem;border-left:1px dotted var(--line)}
            .tree>ul{padding-left:0;border:0}.tree li{padding:.1rem 0;min-height:2.75rem}
            .tree li.leaf{display:flex;align-items:center;gap:0 .4rem}
            .tree li>a:first-child{display:inline-flex;align-items:center;min-height:2.75rem;margin-left:2.25rem}
            .rel{color:var(--muted);font-size:.9rem}.rel.lent{color:var(--warn)}
            .holds{font-size:.9rem;margin-left:.4rem;padding:.5rem 0}.pages{margin:.75rem 0}.pages a{padding:.5rem}
            table.steps{border-collapse:collapse;width:100%}
            @media print{.bar,.actions,form{display:none}}
            """

    /// Times in the reader's zone and words (a `<time>` element keeps the instant; without the
    /// script its UTC text stays), and search as you type on the move page: the target list is
    /// fetched again as the text changes. Without it the form's own button searches.
    package static let script = """
        "use strict";
        document.addEventListener("DOMContentLoaded", function () {
          var lang = document.documentElement.lang || undefined;
          document.querySelectorAll("time[datetime]").forEach(function (t) {
            var d = new Date(t.getAttribute("datetime"));
            if (isNaN(d.getTime())) return;
            t.title = t.textContent;
            t.textContent = d.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
          });
          var form = document.querySelector("form[data-live]");
          if (!form) return;
          var box = form.querySelector("input[name=q]");
          var list = document.getElementById("targets");
          if (!box || !list) return;
          var timer = null;
          box.addEventListener("input", function () {
            clearTimeout(timer);
            timer = setTimeout(function () {
              var data = new URLSearchParams(new FormData(form));
              data.delete("target");
              fetch(form.action + "?" + data.toString(), { credentials: "same-origin" })
                .then(function (r) { return r.text(); })
                .then(function (html) {
                  var page = new DOMParser().parseFromString(html, "text/html");
                  var fresh = page.getElementById("targets");
                  if (fresh) list.replaceChildren.apply(list, Array.from(fresh.childNodes));
                });
            }, 250);
          });
        });
        """

    /// Adds `GET /static/style.css` and `GET /static/app.js` for anyone (a day in caches).
    package static func add(to router: inout WebRouter) {
        for (path, type, body) in [
            ("/static/style.css", "text/css; charset=utf-8", style),
            ("/static/app.js", "text/javascript; charset=utf-8", script),
        ] {
            router.add("GET", path, access: .anyone) { _ throws(WebFailure) in
                WebResponse(
                    contentType: type, body: Array(body.utf8),
                    headers: [
                        (name: "Cache-Control", value: "public, max-age=86400"),
                        (name: "X-Content-Type-Options", value: "nosniff"),
                    ])
            }
        }
    }
}
