#ifndef ODATA_CLIBXML2_SHIM_H
#define ODATA_CLIBXML2_SHIM_H

// Debian's libxml2 is built with ICU; its encoding.h would pull in the system
// ICU headers, which clash with Foundation's bundled _FoundationICU module on
// every clean build. Include the version header first and switch ICU off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlstring.h>
#include <libxml/dict.h>

#endif
