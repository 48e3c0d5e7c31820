
/* Kikötő (widgets/search/lunr-stem-prefix.js, appended at build time to the theme's
 * lunr.stemmer.support.min.js, which the search worker loads for every stemmed language).
 *
 * Material turns each query word into a prefix query ("hajókat" -> "hajókat*"), and lunr
 * skips the language pipeline for wildcard terms, so an inflected word never meets the
 * stemmed index ("hajókat" finds nothing although the pages say "hajó"). For each such
 * word this also asks for its stem, with lunr's own stemmer for the language, as an
 * optional prefix term: "hajókat*" OR "hajó*". Nothing else about the search changes.
 * Why a patch: Material 9 has no query-transform hook any more (the old `__search.transform`
 * is gone) and no option to turn the prefix queries off; the alternatives were forking the
 * theme's minified search worker or indexing every inflected form, both worse than this. */
(function () {
  if (typeof lunr === "undefined" || lunr.Index.prototype.__kikotoStemPrefix) return;
  var query = lunr.Index.prototype.query;
  lunr.Index.prototype.query = function (fn) {
    var pipeline = this.pipeline;
    return query.call(this, function (q) {
      fn.call(q, q);
      q.clauses.slice().forEach(function (c) {
        if (c.usePipeline || !/^[^*]+\*$/.test(c.term) || c.presence !== lunr.Query.presence.OPTIONAL) return;
        var bare = c.term.slice(0, -1);
        pipeline.runString(bare).forEach(function (stem) {
          if (stem && stem !== bare) {
            q.term(stem, { fields: c.fields, boost: c.boost * 0.9, usePipeline: false,
                           presence: lunr.Query.presence.OPTIONAL, wildcard: lunr.Query.wildcard.TRAILING });
          }
        });
      });
    });
  };
  lunr.Index.prototype.__kikotoStemPrefix = true;
})();
