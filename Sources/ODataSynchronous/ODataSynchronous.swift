// `ODataSynchronous` is the old name of `ODataSAPCompatibility`, kept for one release so that a package that
// still depends on the `ODataSynchronous` product and writes `import ODataSynchronous` builds unchanged.
// Deprecated: depend on the `ODataSAPCompatibility` product and `import ODataSAPCompatibility` instead
// (README, "Porting from SAPOData"). This module declares nothing of its own.
@_exported import ODataSAPCompatibility
