internal import CLibXML2

/// A libxml2 string pointer; element and attribute names are interned in the parser's dictionary,
/// so two equal names share one pointer.
typealias XMLName = UnsafePointer<xmlChar>

/// The element and attribute names of EDMX/CSDL, interned in one parser context's dictionary so that
/// names reported by the SAX callbacks can be compared by pointer.
///
/// A class, so that the builder holds one reference to it: as a struct of a hundred pointers stored in the
/// builder, the optimizer copied the whole builder (3.6 KB) onto the stack to read names in `openInType`.
final class InternedNames {
    // Elements.
    let edmx, dataServices, reference, include: XMLName?
    let schema, using, entityType, complexType, key, propertyRef, property, navigationProperty: XMLName?
    let association, end, onDelete, referentialConstraint, principal, dependent: XMLName?
    let entityContainer, entitySet, associationSet, functionImport, parameter: XMLName?
    let documentation, summary, longDescription, annotations, annotation: XMLName?
    // Elements of CSDL 3.0 and 4.0 (`Action`, `Function`, `ReturnType` and `Term` are attribute names too).
    let enumType, member, typeDefinition, function, singleton, actionImport, navigationPropertyBinding: XMLName?
    let includeAnnotations, valueAnnotation: XMLName?
    // Attributes.
    let name, type, nullable, maxLength, fixedLength, precision, scale, unicode, defaultValue: XMLName?
    let concurrencyMode, baseType, abstract, openType, hasStream, relationship, fromRole, toRole: XMLName?
    let role, multiplicity, action, returnType, mode: XMLName?
    let httpMethod, isDefaultEntityContainer, extends, namespace, alias, version: XMLName?
    let dataServiceVersion, maxDataServiceVersion, uri, url, target, term, qualifier: XMLName?
    // Attributes of CSDL 3.0 and 4.0.
    let underlyingType, isFlags, value, isBound, isComposable, entitySetPath, partner, containsTarget: XMLName?
    let referencedProperty, path, includeInServiceDocument, isSideEffecting, isBindable, isAlwaysBindable: XMLName?
    let termNamespace, targetNamespace, srid: XMLName?
    /// The names of constant expressions in vocabulary annotations, as attributes or elements.
    let constants: [XMLName?]
    /// The names of annotation expressions, with their kinds.
    let expressions: ExpressionNames

    init(dictionary dict: OpaquePointer?) {
        func intern(_ text: StaticString) -> XMLName? {
            text.withUTF8Buffer { buffer in
                buffer.withMemoryRebound(to: xmlChar.self) { xmlDictLookup(dict, $0.baseAddress, Int32(buffer.count)) }
            }
        }
        edmx = intern("Edmx")
        dataServices = intern("DataServices")
        reference = intern("Reference")
        include = intern("Include")
        schema = intern("Schema")
        using = intern("Using")
        entityType = intern("EntityType")
        complexType = intern("ComplexType")
        key = intern("Key")
        propertyRef = intern("PropertyRef")
        property = intern("Property")
        navigationProperty = intern("NavigationProperty")
        association = intern("Association")
        end = intern("End")
        onDelete = intern("OnDelete")
        referentialConstraint = intern("ReferentialConstraint")
        principal = intern("Principal")
        dependent = intern("Dependent")
        entityContainer = intern("EntityContainer")
        entitySet = intern("EntitySet")
        associationSet = intern("AssociationSet")
        functionImport = intern("FunctionImport")
        parameter = intern("Parameter")
        documentation = intern("Documentation")
        summary = intern("Summary")
        longDescription = intern("LongDescription")
        annotations = intern("Annotations")
        annotation = intern("Annotation")
        enumType = intern("EnumType")
        member = intern("Member")
        typeDefinition = intern("TypeDefinition")
        function = intern("Function")
        singleton = intern("Singleton")
        actionImport = intern("ActionImport")
        navigationPropertyBinding = intern("NavigationPropertyBinding")
        includeAnnotations = intern("IncludeAnnotations")
        valueAnnotation = intern("ValueAnnotation")
        underlyingType = intern("UnderlyingType")
        isFlags = intern("IsFlags")
        value = intern("Value")
        isBound = intern("IsBound")
        isComposable = intern("IsComposable")
        entitySetPath = intern("EntitySetPath")
        partner = intern("Partner")
        containsTarget = intern("ContainsTarget")
        referencedProperty = intern("ReferencedProperty")
        path = intern("Path")
        includeInServiceDocument = intern("IncludeInServiceDocument")
        isSideEffecting = intern("IsSideEffecting")
        isBindable = intern("IsBindable")
        isAlwaysBindable = intern("IsAlwaysBindable")
        termNamespace = intern("TermNamespace")
        targetNamespace = intern("TargetNamespace")
        srid = intern("SRID")
        name = intern("Name")
        type = intern("Type")
        nullable = intern("Nullable")
        maxLength = intern("MaxLength")
        fixedLength = intern("FixedLength")
        precision = intern("Precision")
        scale = intern("Scale")
        unicode = intern("Unicode")
        defaultValue = intern("DefaultValue")
        concurrencyMode = intern("ConcurrencyMode")
        baseType = intern("BaseType")
        abstract = intern("Abstract")
        openType = intern("OpenType")
        hasStream = intern("HasStream")
        relationship = intern("Relationship")
        fromRole = intern("FromRole")
        toRole = intern("ToRole")
        role = intern("Role")
        multiplicity = intern("Multiplicity")
        action = intern("Action")
        returnType = intern("ReturnType")
        mode = intern("Mode")
        httpMethod = intern("HttpMethod")
        isDefaultEntityContainer = intern("IsDefaultEntityContainer")
        extends = intern("Extends")
        namespace = intern("Namespace")
        alias = intern("Alias")
        version = intern("Version")
        dataServiceVersion = intern("DataServiceVersion")
        maxDataServiceVersion = intern("MaxDataServiceVersion")
        uri = intern("Uri")
        url = intern("Url")
        target = intern("Target")
        term = intern("Term")
        qualifier = intern("Qualifier")
        expressions = ExpressionNames { text in
            text.utf8CString.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: xmlChar.self) { xmlDictLookup(dict, $0.baseAddress, Int32(buffer.count - 1)) }
            }
        }
        constants = [
            intern("String"), intern("Bool"), intern("Int"), intern("Decimal"), intern("Float"), intern("Date"),
            intern("DateTimeOffset"), intern("TimeOfDay"), intern("Duration"), intern("Guid"), intern("Binary"),
            intern("EnumMember"), intern("Path"), intern("PropertyPath"), intern("NavigationPropertyPath"),
            intern("AnnotationPath"), intern("UrlRef"),
        ]
    }
}
